#!/usr/bin/env bash
# Makes the 0.1.0 server database fixture with the 0.1.0 binaries (commit f5c8692).
set -euo pipefail
bin=/tmp/v010-target/debug
out=/tmp/fx/server
"$bin/camelot-server" --no-tv --listen 127.0.0.1:0 --database "sqlite://$out/server.db" > "$out/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do url=$(sed -n 's/^listening on //p' "$out/log"); [ -n "$url" ] && break; sleep 0.1; done
cli="$bin/camelot-cli online"
field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
# A: Camette, both seats played to the end by the computer (beginner, named).
a=$($cli create --server "$url" --variant camette)
ga=$(echo "$a" | field game)
$cli play --server "$url" --game "$ga" --token "$(echo "$a" | field White)" --level beginner --name Lancelot >/dev/null &
$cli play --server "$url" --game "$ga" --token "$(echo "$a" | field Black)" --level novice --name Mordred >/dev/null
wait %2 2>/dev/null || true
# B: Camelot on a clock, four moves, live.
b=$($cli create --server "$url" --variant camelot --clock 5+3)
gb=$(echo "$b" | field game)
wb=$(echo "$b" | field White); bb=$(echo "$b" | field Black)
$cli move --server "$url" --game "$gb" --token "$wb" --name Gawain E6-E8
$cli move --server "$url" --game "$gb" --token "$bb" --name Guinevere H11-F9
$cli move --server "$url" --game "$gb" --token "$wb" --name Gawain H6-F8
$cli move --server "$url" --game "$gb" --token "$bb" --name Guinevere G11-G9
# C: Grand Cam by correspondence, no move yet.
c=$($cli create --server "$url" --variant grandcam --days 3)
gc=$(echo "$c" | field game)
# D: River Camelot with Black open to anyone, and E: Camelot against the server's computer.
d=$($cli create --server "$url" --variant river --open Black)
gd=$(echo "$d" | field game)
e=$($cli create --server "$url" --variant classic --computer Black=beginner)
ge=$(echo "$e" | field game)
$cli move --server "$url" --game "$ge" --token "$(echo "$e" | field White)" E6-E8
sleep 3
{
    echo "a=$a"; echo "b=$b"; echo "c=$c"; echo "d=$d"; echo "e=$e"
} > "$out/games.txt"
for g in "$ga" "$gb" "$gc" "$gd" "$ge"; do
    curl -sf "$url/games/$g.cgn" > "$out/$g.cgn"
done
echo "$c" | head -1
