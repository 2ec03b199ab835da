from lumen.notes import Note, find, tagged


def test_find_ignores_case():
    notes = [Note("Buy Milk"), Note("Call Ben")]
    assert find(notes, "milk") == [notes[0]]


def test_tagged_keeps_only_notes_with_the_tag():
    notes = [Note("a", ["work"]), Note("b", ["home"])]
    assert tagged(notes, "work") == [notes[0]]
