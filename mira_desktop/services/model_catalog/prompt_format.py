"""What the window and the command read of a model's prompt format and of the embedded model: they
talk to services only (an import-linter contract keeps ``ui`` and ``cli`` out of ``models``)."""

from __future__ import annotations

from mira_desktop.models.adapters.local.chat_template import SAMPLE, TemplateCheck, template_name
from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_REF

__all__ = ["EMBEDDED_CHAT_MODEL_REF", "SAMPLE", "TemplateCheck", "template_name"]
