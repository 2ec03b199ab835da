"""Window text: the sentences services say (``core/phrasebook/roles.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.roles.what.role": translate("phrase", "role", "phrase.roles.what.role"),
    "phrase.roles.invalid": translate(
        "phrase", "Invalid {what}: {field} {problem}; nothing was saved.", "phrase.roles.invalid"
    ),
    "phrase.roles.invalid_more": translate(
        "phrase",
        "Invalid {what}: {field} {problem} (and {more} more); nothing was saved.",
        "phrase.roles.invalid_more",
    ),
    "phrase.roles.problem.got": translate("phrase", " (got {value})", "phrase.roles.problem.got"),
    "phrase.roles.problem.range": translate(
        "phrase",
        "must be a number from {low} to {high}, or null for the model's default{got}",
        "phrase.roles.problem.range",
    ),
    "phrase.roles.problem.range_whole": translate(
        "phrase",
        "must be a whole number from {low} to {high}, or null for the model's default{got}",
        "phrase.roles.problem.range_whole",
    ),
    "phrase.roles.problem.at_least": translate(
        "phrase",
        "must be a number of at least {low}, or null for the model's default{got}",
        "phrase.roles.problem.at_least",
    ),
    "phrase.roles.problem.at_least_whole": translate(
        "phrase",
        "must be a whole number of at least {low}, or null for the model's default{got}",
        "phrase.roles.problem.at_least_whole",
    ),
    "phrase.roles.problem.not_sampling": translate(
        "phrase", "is not a sampling parameter (known: {known})", "phrase.roles.problem.not_sampling"
    ),
    "phrase.roles.problem.unknown_field": translate(
        "phrase", "is not a known field", "phrase.roles.problem.unknown_field"
    ),
    "phrase.roles.problem.too_many": translate(
        "phrase", "has more than {most} items", "phrase.roles.problem.too_many"
    ),
    "phrase.roles.problem.enum": translate(
        "phrase", "must be one of {states}{got}", "phrase.roles.problem.enum"
    ),
    "phrase.roles.problem.missing": translate("phrase", "is required{got}", "phrase.roles.problem.missing"),
    "phrase.roles.problem.string_type": translate(
        "phrase", "must be text{got}", "phrase.roles.problem.string_type"
    ),
    "phrase.roles.problem.bool_type": translate(
        "phrase", "must be true or false{got}", "phrase.roles.problem.bool_type"
    ),
    "phrase.roles.problem.list_type": translate(
        "phrase", "must be a list{got}", "phrase.roles.problem.list_type"
    ),
    "phrase.roles.problem.dict_type": translate(
        "phrase", "must be a JSON object{got}", "phrase.roles.problem.dict_type"
    ),
    "phrase.roles.problem.model_type": translate(
        "phrase", "must be a JSON object{got}", "phrase.roles.problem.model_type"
    ),
    "phrase.roles.problem.model_attributes_type": translate(
        "phrase", "must be a JSON object{got}", "phrase.roles.problem.model_attributes_type"
    ),
    "phrase.roles.problem.int_type": translate(
        "phrase", "must be a whole number{got}", "phrase.roles.problem.int_type"
    ),
    "phrase.roles.problem.float_type": translate(
        "phrase", "must be a number{got}", "phrase.roles.problem.float_type"
    ),
    "phrase.roles.problem.finite_number": translate(
        "phrase", "must be a finite number{got}", "phrase.roles.problem.finite_number"
    ),
    "phrase.roles.problem.empty": translate("phrase", "must not be empty", "phrase.roles.problem.empty"),
    "phrase.roles.problem.one_line": translate("phrase", "must be one line", "phrase.roles.problem.one_line"),
    "phrase.roles.problem.name_too_long": translate(
        "phrase", "is {length} characters; the limit is {limit}", "phrase.roles.problem.name_too_long"
    ),
    "phrase.roles.problem.too_big": translate(
        "phrase", "is {size} KB; the limit is 64 KB", "phrase.roles.problem.too_big"
    ),
    "phrase.roles.problem.other_id": translate(
        "phrase", "is {id!r}, but the role being updated is {role_id}", "phrase.roles.problem.other_id"
    ),
    "phrase.roles.problem.old_version": translate(
        "phrase",
        "is {version!r}, but the role is now at version {now}: it changed since the file was written; show it again and reapply your edit",
        "phrase.roles.problem.old_version",
    ),
    "phrase.roles.what.card": translate("phrase", "character card", "phrase.roles.what.card"),
    "phrase.roles.what.avatar": translate("phrase", "avatar image", "phrase.roles.what.avatar"),
    "phrase.roles.what.role_file": translate("phrase", "role file", "phrase.roles.what.role_file"),
    "phrase.roles.avatar.bad_png": translate(
        "phrase", "The avatar {path} is not a usable PNG: {reason}.", "phrase.roles.avatar.bad_png"
    ),
    "phrase.roles.avatar.bomb": translate(
        "phrase", "The avatar {path} has too many pixels to be an avatar.", "phrase.roles.avatar.bomb"
    ),
    "phrase.roles.avatar.too_big": translate(
        "phrase",
        "The avatar {path} is {width}×{height} pixels; the limit is {limit} on each side.",
        "phrase.roles.avatar.too_big",
    ),
    "phrase.roles.avatar.unreadable": translate(
        "phrase",
        "The avatar {path} is not an image Mira can read ({error}).",
        "phrase.roles.avatar.unreadable",
    ),
    "phrase.roles.bad_user_name": translate(
        "phrase",
        "user.display_name must be one line of 1 to {most} characters (got {name!r}).",
        "phrase.roles.bad_user_name",
    ),
    "phrase.roles.card_field": translate("phrase", "{field} {message}", "phrase.roles.card_field"),
    "phrase.roles.changed_meanwhile": translate(
        "phrase",
        "The role {role} was changed meanwhile (another window or command): try again.",
        "phrase.roles.changed_meanwhile",
    ),
    "phrase.roles.deleted_meanwhile": translate(
        "phrase", "No role with id {role_id}: it was deleted meanwhile.", "phrase.roles.deleted_meanwhile"
    ),
    "phrase.roles.file.is_folder": translate(
        "phrase", "{path} is a folder, not a {what}.", "phrase.roles.file.is_folder"
    ),
    "phrase.roles.file.missing": translate("phrase", "No such file: {path}.", "phrase.roles.file.missing"),
    "phrase.roles.file.no_folder": translate(
        "phrase", "Cannot write {target}: the folder {parent} does not exist.", "phrase.roles.file.no_folder"
    ),
    "phrase.roles.file.too_big": translate(
        "phrase", "{path} is {size} MB; a {what} may be at most {limit} MB.", "phrase.roles.file.too_big"
    ),
    "phrase.roles.file.unreadable": translate(
        "phrase", "Cannot read {path}: {reason}.", "phrase.roles.file.unreadable"
    ),
    "phrase.roles.file.unwritable": translate(
        "phrase", "Cannot write {target}: {reason}.", "phrase.roles.file.unwritable"
    ),
    "phrase.roles.not_found": translate(
        "phrase", "No role with id {role_id}: see `mira roles list`.", "phrase.roles.not_found"
    ),
}
