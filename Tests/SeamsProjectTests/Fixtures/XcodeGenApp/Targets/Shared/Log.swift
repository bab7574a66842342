enum Log {}
