"""The settings key of the welcome page's composer draft: written by threads, read by the first frame."""

WELCOME_DRAFT_SETTING = "composer.welcome_draft"  # the welcome page's draft (no thread yet)
