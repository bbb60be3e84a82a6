#!/usr/bin/env bash
# Makes the landing page's demo clip (apps/web/public/videos/demo.mp4): KPhotoAlbum's demo movie
# (Jesper K. Pedersen talking to his webcam, GPL-2+, unpacked from Debian by debian-media.sh),
# scaled to 480x360 and dubbed into Spanish by Voxlate itself, offline, with lip sync.
# Run after `make test` or `bash scripts/setup.sh` (it needs the built product and the clip).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/debian-media.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/voxlate-demo-clip.XXXXXX")
trap 'rm -rf "$work"' EXIT
ffmpeg -v error -y -i .cache/debian-media/kphotoalbum/movie.avi \
  -vf "scale=480:360:flags=lanczos,format=yuv420p" -c:v libx264 -crf 16 -c:a aac -b:a 128k "$work/source.mp4"
npm run dub --silent -- "$work/source.mp4" --to spa --lip-sync --out "$work/dubbed.mp4"
# Small for the web; the dub's provenance tags are kept.
ffmpeg -v error -y -i "$work/dubbed.mp4" -map_metadata 0 -c:v libx264 -preset slow -crf 24 -pix_fmt yuv420p \
  -c:a aac -b:a 64k -movflags +faststart apps/web/public/videos/demo.mp4
echo "wrote apps/web/public/videos/demo.mp4"
