public class Session { let api = API() }
