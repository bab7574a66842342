import SeamsGraph
import SeamsTestSupport
import Testing

/// Members reached through a property or parameter whose type is a generic parameter of a base
/// class, or an associated type of a protocol: the subclass or conformer says what it stands for.
@Suite struct InheritedGenericsTests {
    @Test func aBaseClassesGenericParametersAreTheSubclasssArguments() {
        let f = [
            "Base.swift": Marked(
                """
                class BaseViewModel<State, Action> {
                    var state: State
                    var history: [State] = []
                    init(state: State) { self.state = state }
                    func send(_ action: Action) {}
                    func current() -> State? { state }
                }
                """),
            "Home.swift": Marked(
                """
                struct HomeState { var title = ""; var count = 0 }
                enum HomeAction { case refresh, close }
                final class HomeViewModel: BaseViewModel<HomeState, HomeAction> {
                    func load() {
                        ‹1›state.‹2›title = "x"
                        ‹3›send(.‹4›refresh)
                        _ = ‹5›history.first?.‹6›count
                        _ = ‹7›current()?.‹8›title
                    }
                }
                """),
            // A second subclass binds the parameters to other types: its own, never Home's.
            "Settings.swift": Marked(
                """
                struct SettingsState { var title = "" }
                enum SettingsAction { case refresh }
                final class SettingsViewModel: BaseViewModel<SettingsState, SettingsAction> {
                    func load() {
                        ‹1›state.‹2›title = "y"
                        ‹3›send(.‹4›refresh)
                    }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("HomeViewModel", "BaseViewModel", .member, at: 1, in: "Home.swift")
        sites.expect("HomeViewModel", "HomeState", .member, at: 2, in: "Home.swift")
        sites.expect("HomeViewModel", "BaseViewModel", .member, at: 3, in: "Home.swift")
        sites.expect("HomeViewModel", "HomeAction", .implicitMember, at: 4, in: "Home.swift")
        sites.expect("HomeViewModel", "BaseViewModel", .member, at: 5, in: "Home.swift")
        sites.expect("HomeViewModel", "HomeState", .member, at: 6, in: "Home.swift")
        sites.expect("HomeViewModel", "BaseViewModel", .member, at: 7, in: "Home.swift")
        sites.expect("HomeViewModel", "HomeState", .member, at: 8, in: "Home.swift")
        sites.expect("SettingsViewModel", "BaseViewModel", .member, at: 1, in: "Settings.swift")
        sites.expect("SettingsViewModel", "SettingsState", .member, at: 2, in: "Settings.swift")
        sites.expect("SettingsViewModel", "BaseViewModel", .member, at: 3, in: "Settings.swift")
        sites.expect("SettingsViewModel", "SettingsAction", .implicitMember, at: 4, in: "Settings.swift")
        sites.check()
        // Traps: each subclass reaches its own bindings only, and the base class none.
        expectNoEdge(g, "SettingsViewModel", "HomeState")
        expectNoEdge(g, "SettingsViewModel", "HomeAction")
        expectNoEdge(g, "HomeViewModel", "SettingsState")
        expectNoEdge(g, "HomeViewModel", "SettingsAction")
        expectNoEdge(g, "BaseViewModel", "HomeState")
        expectNoEdge(g, "BaseViewModel", "SettingsState")
    }

    /// Through a value of the subclass's type, and through a generic class between the two.
    @Test func bindingsCarryThroughValuesAndIntermediateGenericClasses() {
        let f = [
            "A.swift": Marked(
                """
                class Base<State> { var state: State; init(state: State) { self.state = state } }
                class Middle<Model, Extra>: Base<Model> {}
                struct Profile { var name = "" }
                struct Unrelated { var name = "" }
                final class ProfileModel: Middle<Profile, Unrelated> {}
                final class ProfileView {
                    let model = ProfileModel(state: Profile())
                    func render() { _ = model.‹1›state.‹2›name }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("ProfileView", "Base", .member, at: 1, in: "A.swift")
        sites.expect("ProfileView", "Profile", .member, at: 2, in: "A.swift")
        sites.check()
        // Trap: `Extra` is not `State`.
        expectNoEdge(g, "ProfileView", "Unrelated")
    }

    /// The base class named through a type alias of its specialization, as element-x-ios
    /// writes every screen's view model.
    @Test func theBaseClassThroughATypeAlias() {
        let f = [
            "A.swift": Marked(
                """
                class StateStoreViewModel<State, ViewAction> {
                    var state: State
                    init(initialViewState: State) { state = initialViewState }
                    func process(viewAction: ViewAction) {}
                }
                struct RoomViewState { var title = "" }
                enum RoomViewAction { case close }
                typealias RoomViewModelType = StateStoreViewModel<RoomViewState, RoomViewAction>
                final class RoomViewModel: RoomViewModelType {
                    override func process(viewAction: RoomViewAction) {}
                    func rename() { ‹1›state.‹2›title = "x" }
                }
                """)
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("RoomViewModel", "StateStoreViewModel", .member, at: 1, in: "A.swift")
        sites.expect("RoomViewModel", "RoomViewState", .member, at: 2, in: "A.swift")
        sites.check()
    }

    /// A protocol's associated types, bound by the conformer's type aliases; used in the
    /// conformer's subclass through the protocol's requirements and extension members.
    @Test func associatedTypesAreTheConformersAliases() {
        let f = [
            "Store.swift": Marked(
                """
                protocol Store {
                    associatedtype State
                    associatedtype Action
                    var state: State { get }
                    func send(_ action: Action)
                }
                extension Store {
                    var snapshot: State { state }
                    func dispatch(_ action: Action) { send(action) }
                }
                """),
            "App.swift": Marked(
                """
                struct AppState { var title = "" }
                enum AppAction { case start }
                class AppStore: Store {
                    typealias State = AppState
                    typealias Action = AppAction
                    var state = AppState()
                    func send(_ action: AppAction) {}
                }
                final class LaunchStore: AppStore {
                    func boot() {
                        _ = ‹1›snapshot.‹2›title
                        ‹3›dispatch(.‹4›start)
                    }
                }
                """),
            // Trap: another conformer binds `State` to its own type.
            "Other.swift": Marked(
                """
                struct OtherState { var title = "" }
                final class OtherStore: Store {
                    typealias State = OtherState
                    typealias Action = Int
                    var state = OtherState()
                    func send(_ action: Int) {}
                    func show() { _ = ‹1›snapshot.‹2›title }
                }
                """),
        ]
        let g = scan(f)
        let sites = ExpectedSites(g, f)
        sites.expect("LaunchStore", "Store", .member, at: 1, in: "App.swift")
        sites.expect("LaunchStore", "AppState", .member, at: 2, in: "App.swift")
        sites.expect("LaunchStore", "Store", .member, at: 3, in: "App.swift")
        sites.expect("LaunchStore", "AppAction", .implicitMember, at: 4, in: "App.swift")
        sites.expect("OtherStore", "Store", .member, at: 1, in: "Other.swift")
        sites.expect("OtherStore", "OtherState", .member, at: 2, in: "Other.swift")
        sites.check()
        expectNoEdge(g, "OtherStore", "AppState")
        expectNoEdge(g, "LaunchStore", "OtherState")
        expectNoEdge(g, "Store", "AppState")
    }
}
