package callout

import (
	"fmt"
	"strconv"
	"strings"
)

// Callout metadata: the text after "|" in an Obsidian callout's marker
// (> [!infobox|right], > [!cards|dataview]) and the Admonition plugin's
// metadata: line. Obsidian gives it no meaning of its own: it puts it in
// the data-callout-metadata attribute for themes and snippets to style.
// The theme most TTRPG vaults use, ITS
// (https://github.com/SlRvb/Obsidian--ITS-Theme/blob/main/Guide/Callouts.md,
// "Adjustments"), reads it as words separated by spaces ("> [!kanban|no-title
// txt-c]"), and sizes and places callouts with the words of its images
// (Guide/Image-Positions.md, "Left/Right/Center", "Sizing"). sitegen honours
// the words it can (where the callout goes, its width, a hidden title) and
// drops the others (cards|dataview, columns, icons): metadata is never
// shown, in the title or anywhere.

// Meta is what a callout's metadata asks of its layout.
type Meta struct {
	// Float is "left" or "right" for a callout beside the text (on wide
	// screens), "center" for one centred, "" for the usual block.
	Float string
	// Width is the callout's width in pixels (at most; it never overflows
	// a phone's screen), -1 for the full width of the text, 0 for the
	// usual.
	Width int
	// NoTitle hides the title of a callout that is not collapsible.
	NoTitle bool
	// Color is the callout's colour as an RGB triad ("200, 80, 20") the
	// Admonition plugin's color: sets; "" for its kind's.
	Color string
}

// metaWidths are ITS's width words (Image-Positions.md, "Sizing":
// "wtiny | 100px in width" ... "wtall | 700px in width", "wfull").
var metaWidths = map[string]int{
	"wtiny": 100, "wsmall": 200, "ws-med": 300, "wm-sm": 400, "wmed": 500, "wm-tl": 600, "wtall": 700, "wfull": -1,
}

// metaPlaces are ITS's position words: the simplified ones ("left",
// "right", "center") and the customizable ones ("locl", "locr", "ctr").
var metaPlaces = map[string]string{
	"left": "left", "locl": "left", "right": "right", "locr": "right", "center": "center", "ctr": "center",
}

// ReadMeta reads callout metadata: the words it knows, in any order and
// case; the others are dropped.
func ReadMeta(s string) Meta {
	var m Meta
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch {
		case metaPlaces[w] != "":
			m.Float = metaPlaces[w]
		case metaWidths[w] != 0:
			m.Width = metaWidths[w]
		case w == "no-title" || w == "no-t":
			m.NoTitle = true
		}
	}
	return m
}

// classes are the classes the metadata adds to the callout (" callout-right
// callout-w"): where it goes, and callout-w for one whose width style sets.
func (m Meta) classes() string {
	s := ""
	if m.Float != "" {
		s += " callout-" + m.Float
	}
	if m.Width != 0 {
		s += " callout-w"
	}
	return s
}

// style is the style attribute the metadata gives the callout: its colour
// and its width, as custom properties the stylesheet reads
// (--callout-color, --callout-w).
func (m Meta) style() string {
	var parts []string
	if m.Color != "" {
		parts = append(parts, "--callout-color:rgb("+m.Color+")")
	}
	switch {
	case m.Width < 0:
		parts = append(parts, "--callout-w:100%")
	case m.Width > 0:
		parts = append(parts, "--callout-w:"+strconv.Itoa(m.Width)+"px")
	}
	return strings.Join(parts, ";")
}

// ReadColor reads a colour as the Admonition plugin's color: takes it
// (src/util/util.ts, getParametersFromSource): an RGB triad ("200, 200,
// 200"), rgb(...) or #hex (#c8c8c8); it returns the triad, or false for
// anything else (HSL and HSB, which the plugin converts, are not read).
func ReadColor(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "rgb(") && strings.HasSuffix(s, ")"):
		s = s[4 : len(s)-1]
	case strings.HasPrefix(s, "#") && len(s) == 7:
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err != nil {
			return "", false
		}
		return fmt.Sprintf("%d, %d, %d", v>>16&255, v>>8&255, v&255), true
	}
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return "", false
	}
	out := make([]string, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 || n > 255 {
			return "", false
		}
		out[i] = strconv.Itoa(n)
	}
	return strings.Join(out, ", "), true
}
