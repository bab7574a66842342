import Foundation

/// Facts about the Apple SDK that member lookup needs and no scanned file declares: the
/// superclass and main protocols of the SDK types that apps subclass, extend and conform to,
/// so that a member declared in `extension NSObject`, `extension UIViewController` or
/// `extension View` is found from any subclass or conformer. Written from Apple's documented
/// class hierarchy; a type missing here simply has no known supertypes (seams emits nothing
/// rather than guess).
enum SDKClassTree {
    /// `Type: Superclass, Protocol…`, one type a line; `#` starts a comment.
    private static let table = """
        # Foundation and the Objective-C runtime
        NSObject: NSObjectProtocol
        Operation: NSObject
        BlockOperation: Operation
        OperationQueue: NSObject
        URLSession: NSObject
        URLSessionTask: NSObject
        URLSessionDataTask: URLSessionTask
        URLSessionDownloadTask: URLSessionTask
        URLSessionUploadTask: URLSessionDataTask
        URLSessionConfiguration: NSObject
        URLSessionDelegate: NSObjectProtocol
        URLSessionTaskDelegate: URLSessionDelegate
        URLSessionDataDelegate: URLSessionTaskDelegate
        URLSessionDownloadDelegate: URLSessionTaskDelegate
        NotificationCenter: NSObject
        UserDefaults: NSObject
        FileManager: NSObject
        Bundle: NSObject
        Thread: NSObject
        Timer: NSObject
        RunLoop: NSObject
        ProcessInfo: NSObject
        NSError: NSObject
        NSCoder: NSObject
        NSKeyedArchiver: NSCoder
        NSKeyedUnarchiver: NSCoder
        XMLParser: NSObject
        XMLParserDelegate: NSObjectProtocol
        NSString: NSObject
        NSMutableString: NSString
        NSAttributedString: NSObject
        NSMutableAttributedString: NSAttributedString
        NSNumber: NSValue
        NSValue: NSObject
        NSArray: NSObject
        NSMutableArray: NSArray
        NSDictionary: NSObject
        NSMutableDictionary: NSDictionary
        NSSet: NSObject
        NSPredicate: NSObject
        NSSortDescriptor: NSObject
        NSUserActivity: NSObject
        NSItemProvider: NSObject
        NSCache: NSObject
        NSLock: NSObject
        NSRecursiveLock: NSObject
        NSRegularExpression: NSObject
        NSDataDetector: NSRegularExpression
        Formatter: NSObject
        DateFormatter: Formatter
        NumberFormatter: Formatter
        ISO8601DateFormatter: Formatter
        DateComponentsFormatter: Formatter
        RelativeDateTimeFormatter: Formatter
        ByteCountFormatter: Formatter
        ListFormatter: Formatter
        PersonNameComponentsFormatter: Formatter
        NSUbiquitousKeyValueStore: NSObject
        NSFileCoordinator: NSObject
        NSFilePresenter: NSObjectProtocol
        # Core Data, Core Location, Core Animation, WebKit, UserNotifications, CloudKit
        NSManagedObject: NSObject
        NSManagedObjectContext: NSObject
        NSPersistentContainer: NSObject
        NSPersistentCloudKitContainer: NSPersistentContainer
        NSFetchRequest: NSPersistentStoreRequest
        NSPersistentStoreRequest: NSObject
        NSFetchedResultsController: NSObject
        NSFetchedResultsControllerDelegate: NSObjectProtocol
        CLLocationManager: NSObject
        CLLocationManagerDelegate: NSObjectProtocol
        CLLocation: NSObject
        CLGeocoder: NSObject
        CALayer: NSObject
        CAShapeLayer: CALayer
        CAGradientLayer: CALayer
        CATextLayer: CALayer
        CAReplicatorLayer: CALayer
        CAAnimation: NSObject
        CAPropertyAnimation: CAAnimation
        CABasicAnimation: CAPropertyAnimation
        CAKeyframeAnimation: CAPropertyAnimation
        CADisplayLink: NSObject
        WKWebViewConfiguration: NSObject
        WKNavigationDelegate: NSObjectProtocol
        WKUIDelegate: NSObjectProtocol
        WKScriptMessageHandler: NSObjectProtocol
        UNUserNotificationCenter: NSObject
        UNUserNotificationCenterDelegate: NSObjectProtocol
        UNNotificationServiceExtension: NSObject
        CKContainer: NSObject
        CKDatabase: NSObject
        CKRecord: NSObject
        CKOperation: Operation
        CKDatabaseOperation: CKOperation
        CKModifyRecordsOperation: CKDatabaseOperation
        CKFetchRecordZoneChangesOperation: CKDatabaseOperation
        CKQueryOperation: CKDatabaseOperation
        WCSession: NSObject
        WCSessionDelegate: NSObjectProtocol
        NSExtensionContext: NSObject
        INExtension: NSObject
        # UIKit
        UIResponder: NSObject
        UIApplication: UIResponder
        UIApplicationDelegate: NSObjectProtocol
        UIScene: UIResponder
        UIWindowScene: UIScene
        UISceneDelegate: NSObjectProtocol
        UIWindowSceneDelegate: UISceneDelegate
        UIViewController: UIResponder
        UINavigationController: UIViewController
        UITabBarController: UIViewController
        UITableViewController: UIViewController
        UICollectionViewController: UIViewController
        UISplitViewController: UIViewController
        UIPageViewController: UIViewController
        UISearchController: UIViewController
        UIAlertController: UIViewController
        UIActivityViewController: UIViewController
        UIDocumentPickerViewController: UIViewController
        UIDocumentBrowserViewController: UIViewController
        UIImagePickerController: UINavigationController
        UIReferenceLibraryViewController: UIViewController
        UIInputViewController: UIViewController
        UIHostingController: UIViewController
        SFSafariViewController: UIViewController
        MFMailComposeViewController: UINavigationController
        MFMessageComposeViewController: UINavigationController
        PHPickerViewController: UIViewController
        QLPreviewController: UIViewController
        AVPlayerViewController: UIViewController
        UIView: UIResponder
        UIWindow: UIView
        UILabel: UIView
        UIImageView: UIView
        UIStackView: UIView
        UIScrollView: UIView
        UITableView: UIScrollView
        UICollectionView: UIScrollView
        UITextView: UIScrollView
        UITableViewCell: UIView
        UITableViewHeaderFooterView: UIView
        UICollectionReusableView: UIView
        UICollectionViewCell: UICollectionReusableView
        UICollectionViewListCell: UICollectionViewCell
        UIControl: UIView
        UIButton: UIControl
        UITextField: UIControl
        UISwitch: UIControl
        UISlider: UIControl
        UIStepper: UIControl
        UISegmentedControl: UIControl
        UIDatePicker: UIControl
        UIPageControl: UIControl
        UIRefreshControl: UIControl
        UIColorWell: UIControl
        UISearchBar: UIView
        UINavigationBar: UIView
        UIToolbar: UIView
        UITabBar: UIView
        UIActivityIndicatorView: UIView
        UIProgressView: UIView
        UIVisualEffectView: UIView
        UIPickerView: UIView
        UIInputView: UIView
        MKMapView: UIView
        WKWebView: UIView
        UIGestureRecognizer: NSObject
        UITapGestureRecognizer: UIGestureRecognizer
        UIPanGestureRecognizer: UIGestureRecognizer
        UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer
        UILongPressGestureRecognizer: UIGestureRecognizer
        UISwipeGestureRecognizer: UIGestureRecognizer
        UIPinchGestureRecognizer: UIGestureRecognizer
        UIBarItem: NSObject
        UIBarButtonItem: UIBarItem
        UITabBarItem: UIBarItem
        UINavigationItem: NSObject
        UIFont: NSObject
        UIColor: NSObject
        UIImage: NSObject
        UIScreen: NSObject
        UIDevice: NSObject
        UIStoryboard: NSObject
        UIStoryboardSegue: NSObject
        UIDocument: NSObject
        UIMenu: UIMenuElement
        UIAction: UIMenuElement
        UIMenuElement: NSObject
        UIContextMenuConfiguration: NSObject
        UIPasteboard: NSObject
        UINib: NSObject
        UILayoutGuide: NSObject
        NSLayoutConstraint: NSObject
        UITableViewDelegate: UIScrollViewDelegate
        UITableViewDataSource: NSObjectProtocol
        UICollectionViewDelegate: UIScrollViewDelegate
        UICollectionViewDataSource: NSObjectProtocol
        UICollectionViewDelegateFlowLayout: UICollectionViewDelegate
        UIScrollViewDelegate: NSObjectProtocol
        UITextFieldDelegate: NSObjectProtocol
        UITextViewDelegate: UIScrollViewDelegate
        UISearchBarDelegate: UIBarPositioningDelegate
        UIBarPositioningDelegate: NSObjectProtocol
        UINavigationControllerDelegate: NSObjectProtocol
        UIGestureRecognizerDelegate: NSObjectProtocol
        UIAdaptivePresentationControllerDelegate: NSObjectProtocol
        UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate
        UICollectionViewLayout: NSObject
        UICollectionViewFlowLayout: UICollectionViewLayout
        UICollectionViewCompositionalLayout: UICollectionViewLayout
        # AppKit
        NSResponder: NSObject
        NSApplication: NSResponder
        NSApplicationDelegate: NSObjectProtocol
        NSWindow: NSResponder
        NSPanel: NSWindow
        NSSavePanel: NSPanel
        NSOpenPanel: NSSavePanel
        NSWindowController: NSResponder
        NSWindowDelegate: NSObjectProtocol
        NSViewController: NSResponder
        NSSplitViewController: NSViewController
        NSTabViewController: NSViewController
        NSPageController: NSViewController
        NSTitlebarAccessoryViewController: NSViewController
        NSCollectionViewItem: NSViewController
        NSHostingController: NSViewController
        NSView: NSResponder
        NSControl: NSView
        NSButton: NSControl
        NSPopUpButton: NSButton
        NSTextField: NSControl
        NSSearchField: NSTextField
        NSSecureTextField: NSTextField
        NSTokenField: NSTextField
        NSSegmentedControl: NSControl
        NSSlider: NSControl
        NSImageView: NSControl
        NSTableView: NSControl
        NSOutlineView: NSTableView
        NSTableCellView: NSView
        NSTableRowView: NSView
        NSCollectionView: NSView
        NSScrollView: NSView
        NSClipView: NSView
        NSText: NSView
        NSTextView: NSText
        NSStackView: NSView
        NSSplitView: NSView
        NSBox: NSView
        NSProgressIndicator: NSView
        NSVisualEffectView: NSView
        NSTabView: NSView
        NSPopover: NSResponder
        NSMenu: NSObject
        NSMenuItem: NSObject
        NSToolbar: NSObject
        NSToolbarItem: NSObject
        NSToolbarDelegate: NSObjectProtocol
        NSStatusItem: NSObject
        NSDocument: NSObject
        NSDocumentController: NSObject
        NSAlert: NSObject
        NSColor: NSObject
        NSFont: NSObject
        NSImage: NSObject
        NSCursor: NSObject
        NSPasteboard: NSObject
        NSWorkspace: NSObject
        NSGestureRecognizer: NSObject
        NSClickGestureRecognizer: NSGestureRecognizer
        NSTableViewDelegate: NSControlTextEditingDelegate
        NSTableViewDataSource: NSObjectProtocol
        NSOutlineViewDelegate: NSControlTextEditingDelegate
        NSOutlineViewDataSource: NSObjectProtocol
        NSControlTextEditingDelegate: NSObjectProtocol
        NSTextFieldDelegate: NSControlTextEditingDelegate
        NSTextViewDelegate: NSTextDelegate
        NSTextDelegate: NSObjectProtocol
        NSMenuDelegate: NSObjectProtocol
        NSSplitViewDelegate: NSObjectProtocol
        NSUserInterfaceValidations: NSObjectProtocol
        # SwiftUI: views, shapes, scenes
        Text: View
        Image: View
        Button: View
        Label: View
        Link: View
        ShareLink: View
        Menu: View
        Picker: View
        Toggle: View
        Slider: View
        Stepper: View
        TextField: View
        SecureField: View
        TextEditor: View
        DatePicker: View
        ColorPicker: View
        ProgressView: View
        Gauge: View
        VStack: View
        HStack: View
        ZStack: View
        LazyVStack: View
        LazyHStack: View
        LazyVGrid: View
        LazyHGrid: View
        Grid: View
        GridRow: View
        List: View
        ForEach: View
        ScrollView: View
        ScrollViewReader: View
        GeometryReader: View
        NavigationStack: View
        NavigationView: View
        NavigationSplitView: View
        NavigationLink: View
        TabView: View
        Form: View
        Section: View
        Group: View
        GroupBox: View
        DisclosureGroup: View
        OutlineGroup: View
        ControlGroup: View
        LabeledContent: View
        ViewThatFits: View
        ContentUnavailableView: View
        Spacer: View
        Divider: View
        EmptyView: View
        AnyView: View
        AsyncImage: View
        Canvas: View
        TimelineView: View
        EditButton: View
        PasteButton: View
        RenameButton: View
        Table: View
        ModifiedContent: View
        TupleView: View
        Color: View, ShapeStyle
        LinearGradient: View, ShapeStyle
        RadialGradient: View, ShapeStyle
        AngularGradient: View, ShapeStyle
        Shape: View
        InsettableShape: Shape
        Rectangle: Shape
        RoundedRectangle: InsettableShape
        UnevenRoundedRectangle: Shape
        Circle: InsettableShape
        Capsule: InsettableShape
        Ellipse: InsettableShape
        Path: Shape
        UIViewRepresentable: View
        UIViewControllerRepresentable: View
        NSViewRepresentable: View
        NSViewControllerRepresentable: View
        WindowGroup: Scene
        Window: Scene
        DocumentGroup: Scene
        Settings: Scene
        MenuBarExtra: Scene
        # Combine
        ObservableObject: AnyObject
        """

    /// Supertypes by type name, read once from the table.
    static let supertypes: [String: [String]] = {
        var out: [String: [String]] = [:]
        for line in table.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#"), let colon = text.firstIndex(of: ":") else { continue }
            let name = String(text[..<colon])
            out[name] = text[text.index(after: colon)...].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        return out
    }()

    /// Protocols whose unknown methods return the protocol itself: a modifier on a SwiftUI
    /// `View` is a `View`, a modifier on a `Scene` a `Scene`.
    static let modifierProtocols: [String] = ["View", "Scene"]

    /// Names of the static members (properties, or functions called without arguments) by which
    /// SDK types hand out their shared instance or a value of their own type:
    /// `FileManager.default`, `UIApplication.shared`, `UserDefaults.standard`, `Bundle.main`,
    /// `Locale.current`, `UNUserNotificationCenter.current()`, `AVAudioSession.sharedInstance()`,
    /// `Date.now`. On a type no scanned file declares, such a member is taken to be of that type,
    /// so that the app's extension of it is found (`FileManager.default.documentsURL`); a member
    /// of that name the app declares is looked up as any other.
    static let singletonNames: Set<String> = [
        "shared", "default", "standard", "main", "current", "general", "processInfo", "sharedInstance", "now",
    ]
}
