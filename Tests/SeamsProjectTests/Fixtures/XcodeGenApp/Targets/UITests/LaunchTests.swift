final class LaunchTests {}
