final class HomeTests {}
