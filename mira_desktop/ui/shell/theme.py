"""The window's style sheet."""

STYLE_SHEET = """
QMainWindow { background: #ffffff; }
#sidebar { background: #f4f5f7; border-right: 1px solid #e2e4e8; }
#caption { color: #6b7280; font-size: 11px; text-transform: uppercase; }
#muted { color: #6b7280; }
#emptyTitle { font-size: 24px; font-weight: 600; color: #1f2937; }
#newChat { padding: 6px 10px; border: 1px solid #d1d5db; border-radius: 6px; background: #ffffff; text-align: left; }
#newChat:hover { background: #eef2ff; }
#threadList { border: none; background: transparent; }
#threadList::item { padding: 6px 4px; border-radius: 6px; }
#threadList::item:selected { background: #e0e7ff; color: #111827; }
#chatHeader { border-bottom: 1px solid #e2e4e8; }
#threadTitle { font-size: 15px; font-weight: 600; }
#transcript { border: none; background: #ffffff; }
#messageList { background: #ffffff; }
#userMessage { background: #eef2ff; border-radius: 10px; }
#assistantMessage { background: #ffffff; border: 1px solid #e5e7eb; border-radius: 10px; }
#messageAuthor { font-weight: 600; color: #374151; font-size: 12px; }
#messageBody { font-size: 14px; color: #111827; }
#messageStatus { color: #6b7280; font-size: 12px; }
#messageStatus[state="error"] { color: #b91c1c; }
#messageStatus[state="cancelled"] { color: #b45309; }
#messageSources { font-size: 12px; color: #4b5563; }
#retryButton { padding: 3px 12px; border-radius: 6px; background: #fee2e2; color: #991b1b; border: 1px solid #fecaca; }
#stopButton { padding: 8px 18px; border-radius: 8px; background: #dc2626; color: white; }
#contextMeter { color: #6b7280; font-size: 11px; }
#contextMeter[level="high"] { color: #b91c1c; }
#earlierButton { padding: 4px 12px; }
#composerEditor { border: 1px solid #d1d5db; border-radius: 8px; padding: 6px; font-size: 14px; }
#composerEditor:disabled { background: #f9fafb; color: #9ca3af; }
#sendButton { padding: 8px 18px; border-radius: 8px; background: #4f46e5; color: white; }
#sendButton:disabled { background: #c7d2fe; }
"""
