#!/usr/bin/env bash
# Loads pages of the documentation site (built by Scripts/build-docs.sh) in headless Chromium, served
# from loopback as a static host would serve it, and checks the text each page shows once its
# scripts have run: the site is a JavaScript application, so a broken bundle or a missing data file
# leaves a page that loads fine and shows nothing. Keeps a screenshot of each page and its rendered
# text under <site>/../browser/ for CI to archive.
#
#   Scripts/check-docs-in-browser.sh [--site DIR]     (default .build/documentation/site)
#
# Needs a headless Chromium (Debian: apt-get install chromium-headless-shell) and python3 (the
# loopback server); a CJK font (fonts-noto-cjk) makes "東京" legible in the screenshots.
source "$(dirname "$0")/lib/script-help.sh"
source "$(dirname "$0")/lib/package-name.sh"
set -euo pipefail
cd "$(dirname "$0")/.."

site=.build/documentation/site
while [ $# -gt 0 ]; do
  case "$1" in
    --site) site=${2:?--site needs a folder}; shift 2 ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
fail() {
  echo "Error: $1" >&2
  exit 1
}
[ -f "$site/index.html" ] || fail "no site at $site; build it with: Scripts/build-docs.sh"
browser=$(command -v chromium-headless-shell || command -v chromium || command -v google-chrome || true)
[ -n "$browser" ] || fail "no headless Chromium; install one with: apt-get install chromium-headless-shell"
command -v python3 >/dev/null || fail "python3 serves the site on loopback; install it with: apt-get install python3"

evidence="$(dirname "$site")/browser"
rm -rf "$evidence"
mkdir -p "$evidence"

# A static host on loopback, on a port the system picks, stopped however this script ends.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$site" "$port" >"$evidence/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done

# The pages, each with the phrases (separated by ";") it must show, and the images (";") it must
# load; from the site itself: the front page, the articles' root, four articles, a feature's entry
# point, and the kernel's one way to a paid order.
package=$(package_name)
lower=$(tr '[:upper:]' '[:lower:]' <<<"$package")
feature=$(find "$site/data/documentation" -maxdepth 1 -name '*feature.json' | sort | head -n 1)
feature=$(basename "${feature:-searchfeature.json}" .json)
article_title=$(head -n 1 docs/"$package".docc/ArchitectureLearningJourney.md | sed 's/^# //')
lesson_title=$(head -n 1 docs/"$package".docc/CoalescingLesson.md | sed 's/^# //')
migration_title=$(head -n 1 docs/"$package".docc/Migration.md | sed 's/^# //')
pages=(
  "documentation/|SharedKernel|front"
  "documentation/$lower|Journeys|articles"
  "documentation/$lower/architecturelearningjourney|$article_title|article"
  "documentation/$lower/coalescinglesson|$lesson_title;TextbookCoalescer|lesson"
  "documentation/$lower/migration|$migration_title;The payoff, measured;Where to stop|migration"
  "documentation/$lower/modularizationlearningjourney|The seconds a change costs;Where modules start to pay|modularization|build-timeline-clean;build-timeline-interface-change;size-curve"
  "documentation/$feature/$feature|Initializers|feature"
  "documentation/sharedkernel/draftorder/confirm(with:)|confirm(with:);Instance Method;the only way|confirm"
)

failures=0
for page in "${pages[@]}"; do
  IFS='|' read -r path expected name images <<<"$page"
  url="http://127.0.0.1:$port/$path"
  flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=20000)
  "$browser" "${flags[@]}" --dump-dom "$url" 2>/dev/null >"$evidence/$name.html" || true
  "$browser" "${flags[@]}" --window-size=1280,1000 --screenshot="$evidence/$name.png" "$url" \
    >/dev/null 2>&1 || true
  # What a reader sees: the text inside <main>, tags and the no-script notice aside.
  text=$(tr '\n' ' ' <"$evidence/$name.html" | sed -e 's/.*<main[^>]*>//' -e 's/<\/main>.*//' \
    -e 's/<[^>]*>/ /g' -e 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' | tr -s ' ')
  printf '%s\n' "$text" >"$evidence/$name.txt"
  words=$(wc -w <<<"$text" | tr -d ' ')
  missing=""
  IFS=';' read -r -a phrases <<<"$expected"
  for phrase in "${phrases[@]}"; do
    grep -qF -- "$phrase" <<<"$text" || missing+=" \"$phrase\""
  done
  # Each image the page must show: an <img> in the rendered page whose file the site serves.
  IFS=';' read -r -a wanted <<<"${images:-}"
  for image in "${wanted[@]}"; do
    source=$(grep -oE "<img[^>]*src=\"[^\"]*$image[^\"]*\"" "$evidence/$name.html" | head -n 1 \
      | sed -E 's/.*src="([^"]*)".*/\1/' || true)
    if [ -z "$source" ]; then
      missing+=" the image $image"
      continue
    fi
    [[ "$source" == http* ]] || source="http://127.0.0.1:$port/${source#/}"
    python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1])' "$source" \
      2>/dev/null || missing+=" the image file $source"
  done
  if [ "$words" -lt 20 ] || [ -n "$missing" ]; then
    echo "✗ /$path: shows $words words; missing:${missing:- nothing, but too few words} (see $evidence/$name.txt and .png)"
    failures=$((failures + 1))
  else
    echo "✓ /$path: $words words, showing: ${expected//;/, }${images:+; images: ${images//;/, }}"
  fi
done
[ "$failures" -eq 0 ] || fail "$failures of ${#pages[@]} pages did not render as expected; Reproduce with: Scripts/build-docs.sh && Scripts/check-docs-in-browser.sh"
echo "check-docs-in-browser: ${#pages[@]} pages rendered in $browser; screenshots in $evidence"
