"""The guardrail's fixed order: user rules → risk → approval; a role can only narrow it."""

from __future__ import annotations

from mira_desktop.agent.guardrail import Rule, RuleScope, RuleSource, Verdict, decide
from mira_desktop.agent.tools.catalog import BY_NAME


def test_reads_are_allowed_and_changes_need_approval_by_default() -> None:
    assert decide("read_file", BY_NAME["read_file"], []).verdict is Verdict.ALLOW
    for name in ("write_file", "edit_file", "make_dir", "move_file", "delete_file"):
        decision = decide(name, BY_NAME[name], [])
        assert decision.verdict is Verdict.REQUIRE_APPROVAL
        assert "needs your approval" in decision.reason


def test_unknown_tools_need_approval_even_with_an_allow_rule() -> None:
    rules = [Rule("format_disk", Verdict.ALLOW, RuleScope.WORKSPACE)]
    assert decide("format_disk", None, rules).verdict is Verdict.REQUIRE_APPROVAL


def test_a_user_rule_allows_a_tool_for_the_run_or_workspace() -> None:
    for scope, words in ((RuleScope.RUN, "this run"), (RuleScope.WORKSPACE, "this workspace")):
        decision = decide("write_file", BY_NAME["write_file"], [Rule("write_file", Verdict.ALLOW, scope)])
        assert decision.verdict is Verdict.ALLOW
        assert words in decision.reason
    other = decide("delete_file", BY_NAME["delete_file"], [Rule("write_file", Verdict.ALLOW, RuleScope.RUN)])
    assert other.verdict is Verdict.REQUIRE_APPROVAL


def test_a_deny_rule_beats_an_allow_rule_and_denies_reads_too() -> None:
    rules = [
        Rule("write_file", Verdict.ALLOW, RuleScope.RUN),
        Rule("write_file", Verdict.DENY, RuleScope.WORKSPACE),
    ]
    assert decide("write_file", BY_NAME["write_file"], rules).verdict is Verdict.DENY
    read_rule = [Rule("read_file", Verdict.DENY, RuleScope.WORKSPACE)]
    denied = decide("read_file", BY_NAME["read_file"], read_rule)
    assert denied.verdict is Verdict.DENY
    assert "never allow read_file" in denied.reason


def test_a_role_can_narrow_the_policy_but_never_widen_it() -> None:
    widen = [Rule("delete_file", Verdict.ALLOW, RuleScope.RUN, RuleSource.ROLE)]
    assert decide("delete_file", BY_NAME["delete_file"], widen).verdict is Verdict.REQUIRE_APPROVAL
    narrow = [Rule("search_files", Verdict.DENY, RuleScope.RUN, RuleSource.ROLE)]
    decision = decide("search_files", BY_NAME["search_files"], narrow)
    assert decision.verdict is Verdict.DENY
    assert "the role's rule" in decision.reason


def test_rules_round_trip_through_json_data() -> None:
    rule = Rule("write_file", Verdict.ALLOW, RuleScope.WORKSPACE)
    assert Rule.from_dict(rule.to_dict()) == rule


def test_a_workspace_permission_overrides_the_one_for_every_workspace() -> None:
    everywhere = Rule("write_file", Verdict.DENY, RuleScope.GLOBAL)
    here = Rule("write_file", Verdict.ALLOW, RuleScope.WORKSPACE)
    assert decide("write_file", BY_NAME["write_file"], [everywhere]).verdict is Verdict.DENY
    decision = decide("write_file", BY_NAME["write_file"], [everywhere, here])
    assert decision.verdict is Verdict.ALLOW
    assert "this workspace" in decision.reason
    allowed_everywhere = decide(
        "delete_file", BY_NAME["delete_file"], [Rule("delete_file", Verdict.ALLOW, RuleScope.GLOBAL)]
    )
    assert allowed_everywhere.verdict is Verdict.ALLOW
    assert "every workspace" in allowed_everywhere.reason


def test_an_ask_permission_makes_even_a_read_wait_for_approval() -> None:
    ask = Rule("read_file", Verdict.REQUIRE_APPROVAL, RuleScope.GLOBAL)
    decision = decide("read_file", BY_NAME["read_file"], [ask])
    assert decision.verdict is Verdict.REQUIRE_APPROVAL
    assert "always ask before read_file" in decision.reason
    run_allowance = Rule("read_file", Verdict.ALLOW, RuleScope.RUN)
    assert decide("read_file", BY_NAME["read_file"], [ask, run_allowance]).verdict is Verdict.ALLOW


def test_mcp_tools_and_commands_ask_by_default_and_say_they_cannot_be_undone() -> None:
    from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef

    mcp = ToolDef("files__search", "Search.", {"type": "object"}, Risk.EXTERNAL, Origin.MCP, "files", "search")
    decision = decide("files__search", mcp, [])
    assert decision.verdict is Verdict.REQUIRE_APPROVAL
    assert "MCP server files" in decision.reason
    assert "cannot be undone" in decision.reason
    command = decide("run_command", BY_NAME["run_command"], [])
    assert command.verdict is Verdict.REQUIRE_APPROVAL
    assert "sandbox" in command.reason
    trusted = ToolDef("files__search", "Search.", {"type": "object"}, Risk.READ, Origin.MCP, "files", "search", True)
    assert decide("files__search", trusted, []).verdict is Verdict.ALLOW
