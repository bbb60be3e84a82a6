#!/usr/bin/env bash
# Real media from Debian packages, for the lip sync tests, the speech detector's tests and the
# eval. Only the files named are unpacked into .cache/debian-media/<package>/ (with the
# package's copyright file): the packages themselves are not installed (kphotoalbum would pull
# in all of KDE).
set -euo pipefail
cd "$(dirname "$0")/.."

# package  file inside the package
wanted=(
  "kphotoalbum usr/share/kphotoalbum/demo/movie.avi"
  "forensics-samples-files usr/share/forensics-samples/original-files/movie2/movie-hello.mp4"
  # Music and sound effects with no speech in them (the speech detector's evaluation).
  "frozen-bubble-data usr/share/games/frozen-bubble/snd/frozen-mainzik-1p.ogg"
  "frozen-bubble-data usr/share/games/frozen-bubble/snd/introzik.ogg"
  "frozen-bubble-data usr/share/games/frozen-bubble/snd/applause.ogg"
  "frozen-bubble-data usr/share/games/frozen-bubble/snd/lose.ogg"
  # Real English speech with known words, held out from the review flag's tuning: ALSA's
  # channel names (another voice than the freedesktop theme's) and TIMIT's sentence sa1.
  "alsa-utils usr/share/sounds/alsa/Front_Center.wav"
  "alsa-utils usr/share/sounds/alsa/Front_Left.wav"
  "alsa-utils usr/share/sounds/alsa/Front_Right.wav"
  "alsa-utils usr/share/sounds/alsa/Rear_Center.wav"
  "alsa-utils usr/share/sounds/alsa/Rear_Left.wav"
  "alsa-utils usr/share/sounds/alsa/Rear_Right.wav"
  "alsa-utils usr/share/sounds/alsa/Side_Left.wav"
  "alsa-utils usr/share/sounds/alsa/Side_Right.wav"
  "sphinxtrain usr/lib/*/sphinxtrain/python/cmusphinx/test/sa1.wav"
  # Real speech in other languages (KTuberling's spoken words, recorded by people): speech that is
  # not English, for the warning that the speech may not be in the source language. A folder
  # (ending in /) is unpacked whole under the package's folder.
  "ktuberling-data usr/share/ktuberling/sounds/de/"
  "ktuberling-data usr/share/ktuberling/sounds/ru/"
  "ktuberling-data usr/share/ktuberling/sounds/gl/"
  "ktuberling-data usr/share/ktuberling/sounds/en/"
)

work=$(mktemp -d "${TMPDIR:-/tmp}/voxlate-debian-media.XXXXXX")
trap 'rm -rf "$work"' EXIT
for entry in "${wanted[@]}"; do
  read -r package file <<<"$entry"
  target=".cache/debian-media/$package"
  [ -e "$target/$(basename "$file")" ] && continue
  echo "Unpacking $(basename "$file") from Debian's $package"
  # Each package is downloaded once per run, however many of its files are wanted.
  if [ ! -d "$work/$package" ]; then
    mkdir -p "$work/$package"
    (cd "$work/$package" && { apt-get download -qq "$package" 2>/dev/null || { apt-get update -qq && apt-get download -qq "$package"; }; })
    dpkg-deb -x "$work/$package"/"${package}"_*.deb "$work/$package/root"
  fi
  mkdir -p "$target"
  # A path may hold a glob (the architecture's library folder); it names one file.
  # shellcheck disable=SC2086
  cp -r "$work/$package/root/"$file "$target/"
  cp "$work/$package/root/usr/share/doc/$package/copyright" "$target/copyright"
done
