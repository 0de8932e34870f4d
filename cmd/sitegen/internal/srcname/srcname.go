// Package srcname holds the one rule saying which names in a site's
// source tree are not part of the site: hidden names and editors'
// temporary, swap, lock and backup files. The site engine skips them when
// it reads content/ and static/, and the watcher of `sitegen serve` drops
// their events, so the served site and a fresh build agree.
package srcname

import "strings"

// Skip reports whether a file (dir false) or folder (dir true) named name
// is left out of the site:
//
//   - hidden names, starting with "." (vim swap files ".x.swp", emacs
//     locks ".#x", GNOME's ".goutputstream-XXXXXX", .git, .DS_Store)
//   - vim: swap files "x.swp"/".swo"/".swx"; its write probe "4913" (any
//     all-digit name) is a file, so all-digit folders (content/2024/) are
//     part of the site
//   - emacs auto-save "#x#"
//   - JetBrains safe-write files "x___jb_tmp___", "x___jb_old___"
//   - backups "x~"
func Skip(name string, dir bool) bool {
	switch {
	case name == "":
		return false
	case strings.HasPrefix(name, "."):
		return true
	case strings.HasSuffix(name, "~"):
		return true
	case len(name) > 1 && strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"):
		return true
	case strings.Contains(name, "___jb_tmp___"), strings.Contains(name, "___jb_old___"):
		return true
	case strings.HasSuffix(name, ".swp"), strings.HasSuffix(name, ".swo"), strings.HasSuffix(name, ".swx"):
		return true
	case dir:
		return false
	}
	for _, r := range name {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true // vim's "4913"-style write probe
}
