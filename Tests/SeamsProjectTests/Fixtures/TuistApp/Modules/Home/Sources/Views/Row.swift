struct Row {}
