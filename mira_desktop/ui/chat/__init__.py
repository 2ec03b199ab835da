"""The conversation: controller, message view, composer, thread header bindings and actions, source viewer."""
