#!/usr/bin/env bash
# The better offline voices live in Debian's contrib and non-free components (RHVoice, SVOX Pico,
# the Open JTalk voice; see docs/engines.md for each one's licence). When this machine's apt
# sources carry main only, this adds a sources file of its own, voxlate-contrib-non-free.sources,
# naming the same mirrors, suites and keyring as the machine's own Debian entries, with
# Components: contrib non-free. Nothing is added when the components are already there.
set -euo pipefail

list_dir=/etc/apt/sources.list.d
ours="$list_dir/voxlate-contrib-non-free.sources"
[ -f "$ours" ] && exit 0

# Every Debian source this machine reads, in either format.
sources=$(cat /etc/apt/sources.list "$list_dir"/*.list "$list_dir"/*.sources 2>/dev/null || true)
if echo "$sources" | grep -Eq '^(Components:|deb ).*\bnon-free\b' && echo "$sources" | grep -Eq '^(Components:|deb ).*\bcontrib\b'; then
  exit 0
fi

# The machine's Debian entries (deb822 stanzas in *.sources): copy URIs, Suites and Signed-By.
entries=""
for file in "$list_dir"/*.sources; do
  [ -f "$file" ] || continue
  entries+=$(awk '
    /^[[:space:]]*$/ { if (uris != "" && suites != "") print_stanza(); uris = ""; suites = ""; signed = ""; next }
    /^URIs:/ { uris = $0 }
    /^Suites:/ { suites = $0 }
    /^Signed-By:/ { signed = $0 }
    END { if (uris != "" && suites != "") print_stanza() }
    function print_stanza() {
      if (uris !~ /debian/) return
      print "Types: deb"; print uris; print suites; print "Components: contrib non-free"
      if (signed != "") print signed
      print ""
    }' "$file")
  entries+=$'\n'
done
# One-line entries (sources.list): the same mirrors and suites with the two components.
if [ -z "${entries//[[:space:]]/}" ]; then
  entries=$(echo "$sources" | awk '/^deb .*debian/ { print "Types: deb"; print "URIs: " $2; print "Suites: " $3; print "Components: contrib non-free"; print "" }')
fi
if [ -z "${entries//[[:space:]]/}" ]; then
  echo "No Debian apt source found to add contrib and non-free to: the better voices are skipped (eSpeak NG speaks)." >&2
  exit 0
fi

echo "Adding Debian's contrib and non-free components ($ours): RHVoice, SVOX Pico and the Open JTalk voice live there."
printf '# Added by Voxlate (scripts/debian-components.sh): the offline voices in contrib and non-free.\n%s\n' "$entries" >"$ours"
