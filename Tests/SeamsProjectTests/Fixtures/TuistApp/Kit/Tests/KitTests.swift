final class KitTests {}
