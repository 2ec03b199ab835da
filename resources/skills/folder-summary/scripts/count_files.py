"""Count the files and bytes under a folder, by extension (reads only; run it with run_command)."""

import sys
from collections import Counter
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
files, sizes = Counter(), Counter()
for path in root.rglob("*"):
    if path.is_file() and not any(part.startswith(".") for part in path.relative_to(root).parts):
        files[path.suffix or "(none)"] += 1
        sizes[path.suffix or "(none)"] += path.stat().st_size
for suffix, count in files.most_common(20):
    print(f"{suffix}\t{count} files\t{sizes[suffix]:,} bytes")
print(f"total\t{sum(files.values())} files\t{sum(sizes.values()):,} bytes")
