#!/usr/bin/env bash
# Real videos from Debian packages, for the lip sync tests, eval and benchmark. Only the files
# named are unpacked into .cache/debian-media/<package>/ (with the package's copyright file):
# the packages themselves are not installed (kphotoalbum would pull in all of KDE).
set -euo pipefail
cd "$(dirname "$0")/.."

# package  file inside the package
wanted=(
  "kphotoalbum usr/share/kphotoalbum/demo/movie.avi"
  "forensics-samples-files usr/share/forensics-samples/original-files/movie2/movie-hello.mp4"
)

for entry in "${wanted[@]}"; do
  read -r package file <<<"$entry"
  target=".cache/debian-media/$package"
  [ -f "$target/$(basename "$file")" ] && continue
  work=$(mktemp -d "${TMPDIR:-/tmp}/voxlate-debian-media.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "Unpacking $(basename "$file") from Debian's $package"
  (cd "$work" && { apt-get download -qq "$package" 2>/dev/null || { apt-get update -qq && apt-get download -qq "$package"; }; })
  dpkg-deb -x "$work"/"${package}"_*.deb "$work/root"
  mkdir -p "$target"
  cp "$work/root/$file" "$target/"
  cp "$work/root/usr/share/doc/$package/copyright" "$target/copyright"
  rm -rf "$work"
  trap - EXIT
done
