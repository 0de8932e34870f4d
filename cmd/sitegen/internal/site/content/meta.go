package content

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

// MkDocs (Python-Markdown's meta extension) reads metadata from the first
// lines of a page without --- fences, up to the first blank line:
//
//	title: Movement
//	description: Rules for managing movement and travel.
//
//	# Movement
//
// Corpora written for MkDocs (the 5e SRD at 5thsrd.org, for one) are full
// of them; Hugo and GitHub would show them as a paragraph. sitegen reads
// them as front matter when they are unmistakable (metaLines, below), and
// site.toml's metaLines = false turns that off.

// metaKeyRE matches a metadata line: a key, a colon, the value. A line
// indented by four spaces or a tab continues the value above it.
var metaKeyRE = regexp.MustCompile(`^ {0,3}([A-Za-z0-9_-]+):(?:[ \t]+(.*?))?[ \t]*\r?$`)

// knownMetaKeys are keys whose presence alone makes a one-line block
// metadata rather than text ("Note: roll again." stays a paragraph).
var knownMetaKeys = map[string]bool{
	"title": true, "description": true, "summary": true, "weight": true, "draft": true,
	"aliases": true, "date": true, "tags": true, "authors": true, "author": true,
	"template": true, "hide": true, "search": true, "status": true, "icon": true,
	"subtitle": true, "name": true,
}

// MetaLines reads a MkDocs metadata block at the start of src: the keys
// (lower-cased, as MkDocs does) and their values, and the offset where the
// block ends (its last line's newline included). ok is false when src does
// not start with one: the first block must be two or more key: value lines
// (continuations allowed), or one line with a known key, and end at a
// blank line or the end of the file.
func MetaLines(src []byte) (meta map[string]any, end int, ok bool) {
	meta = map[string]any{}
	var last string
	lines := 0
	known := false
	for off := 0; ; {
		if off >= len(src) {
			end = len(src)
			break
		}
		line, _, found := bytes.Cut(src[off:], []byte("\n"))
		next := off + len(line)
		if found {
			next++
		}
		text := strings.TrimRight(string(line), "\r")
		if strings.TrimSpace(text) == "" {
			end = off
			break
		}
		if m := metaKeyRE.FindStringSubmatch(text); m != nil {
			last = strings.ToLower(m[1])
			meta[last] = strings.TrimSpace(m[2])
			known = known || knownMetaKeys[last]
		} else if last != "" && (strings.HasPrefix(text, "    ") || strings.HasPrefix(text, "\t")) {
			meta[last] = strings.TrimSpace(meta[last].(string) + " " + strings.TrimSpace(text))
		} else {
			return nil, 0, false
		}
		lines++
		off = next
	}
	if lines == 0 || (len(meta) < 2 && !known) {
		return nil, 0, false
	}
	// Values are text; weight and draft get the types front matter gives
	// them, when they read as such.
	if w, isStr := meta["weight"].(string); isStr {
		if n, err := strconv.Atoi(w); err == nil {
			meta["weight"] = n
		}
	}
	if d, isStr := meta["draft"].(string); isStr {
		if b, err := strconv.ParseBool(d); err == nil {
			meta["draft"] = b
		}
	}
	return meta, end, true
}

// blankMeta replaces the metadata block src[:end] with blank lines, in
// place, so the Markdown that follows keeps its line numbers.
func blankMeta(src []byte, end int) {
	for i := range src[:end] {
		if src[i] != '\n' && src[i] != '\r' {
			src[i] = ' '
		}
	}
}

// metaBlock finds a page's metadata lines (when the site reads them and
// the page has no front matter), returns them and their text, and blanks
// them in src; see metaLines.
func (s *Site) metaBlock(src []byte) (meta map[string]any, raw []byte, ok bool) {
	if !s.Cfg.MetaLines {
		return nil, nil, false
	}
	if _, _, fm, _ := FrontMatterSpan(src); fm {
		return nil, nil, false
	}
	meta, end, ok := MetaLines(src)
	if !ok {
		return nil, nil, false
	}
	raw = append([]byte(nil), src[:end]...)
	blankMeta(src, end)
	return meta, raw, true
}
