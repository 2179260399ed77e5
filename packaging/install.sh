#!/bin/sh
# Installs Camelot from this archive for the current user, under ~/.local (or PREFIX):
# the game, camelot-cli and camelot-server in PREFIX/bin, the desktop entry, the icons,
# the manual pages and the documents under PREFIX/share. Nothing needs root.
#
#   ./install.sh               install (again: replaces the files of an earlier install)
#   ./install.sh --uninstall   take away every file an install put there
#
# The list of what was installed is kept in PREFIX/share/camelot/installed-files, so
# that --uninstall removes exactly those files, from any folder.
set -eu

prefix=${PREFIX:-$HOME/.local}
list="$prefix/share/camelot/installed-files"
here=$(cd "$(dirname "$0")" && pwd)

refresh_menus() {
    # The desktop notices new entries by itself; these only make it sooner.
    command -v update-desktop-database >/dev/null 2>&1 &&
        update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
    # No icon cache in a home folder (one there goes stale as other programs add
    # icons); a newer folder time makes the theme look again.
    touch "$prefix/share/icons/hicolor" 2>/dev/null || true
}

uninstall() {
    if [ ! -f "$list" ]; then
        echo "camelot: nothing to uninstall: $list is missing" >&2
        exit 1
    fi
    while IFS= read -r file; do
        rm -f "$prefix/$file"
        # Folders the install made and left empty go too; shared ones stay.
        dir=$(dirname "$prefix/$file")
        while [ "$dir" != "$prefix" ] && rmdir "$dir" 2>/dev/null; do
            dir=$(dirname "$dir")
        done
    done <"$list"
    rm -f "$list"
    rmdir "$prefix/share/camelot" 2>/dev/null && rmdir "$prefix/share" 2>/dev/null || true
    refresh_menus
    echo "camelot: uninstalled from $prefix"
}

install_files() {
    cd "$here"
    [ -f "$list" ] && uninstall >/dev/null
    mkdir -p "$prefix/share/camelot"
    tmp="$list.new"
    : >"$tmp"
    find bin share -type f | sort | while IFS= read -r file; do
        mode=644
        [ -x "$file" ] && mode=755
        mkdir -p "$prefix/$(dirname "$file")"
        cp "$file" "$prefix/$file"
        chmod "$mode" "$prefix/$file"
        echo "$file" >>"$tmp"
    done
    # The menu starts the game by its full path: PREFIX/bin may not be on a desktop's PATH.
    desktop="$prefix/share/applications/camelot.desktop"
    sed -i "s|^Exec=camelot\$|Exec=$prefix/bin/camelot|" "$desktop"
    mv "$tmp" "$list"
    refresh_menus
    echo "camelot: installed in $prefix ($(wc -l <"$list") files); the game is in the desktop's menu"
    case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "camelot: $prefix/bin is not on your PATH; add it to run camelot from a terminal" ;;
    esac
}

case "${1:-}" in
"") install_files ;;
--uninstall) uninstall ;;
-h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
*)
    echo "camelot: unknown option $1 (use --uninstall, or nothing to install)" >&2
    exit 2
    ;;
esac
