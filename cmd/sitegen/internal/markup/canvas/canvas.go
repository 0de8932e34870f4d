// Package canvas draws a JSON Canvas file (https://jsoncanvas.org/spec/1.0/),
// Obsidian's .canvas boards, as a page: its nodes at their x, y, width and
// height, its edges as lines or arrows in one SVG layer under them.
//
// It works in two steps, so that a canvas's text nodes go through the
// site's own Markdown pipeline (wikilinks, embeds, callouts, dice):
//
//  1. Markdown reads the JSON and writes the page's Markdown: the board
//     and each node as a block of marker lines (":::canvas-board {…}",
//     ":::canvas-node {…}", closed by ":::canvas-end" and
//     ":::canvas-board-end"), each node's content inside as Markdown (a
//     text node's text; a file node's title link and its embed, ![[file]];
//     a link node's link). What is wrong in the file (not JSON, an unknown
//     node type, an edge to a missing node, absurd sizes, more nodes than
//     MaxNodes) is a Problem naming the node or edge.
//  2. Extension parses those marker lines, on a canvas page only (On set
//     in the parser context), into Board and Box nodes, whose renderer
//     writes the board's HTML as trusted output: the positions as CSS
//     custom properties (style="--x:…"), which the raw-HTML sanitizer
//     would strip from Markdown's HTML, every string of the JSON escaped,
//     every number checked again (a marker line written by hand draws
//     nothing worse than a box).
package canvas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Bounds of what one canvas draws: a board has tens of nodes; past these
// the rest is left out with a warning, so a hostile file costs bounded
// time and memory.
const (
	MaxNodes = 2000
	MaxEdges = 4000
	// MaxCoord bounds a node's x and y (either sign), MaxSize its width
	// and height, in canvas pixels; a node past them is left out.
	MaxCoord = 1e6
	MaxSize  = 1e5
	// MaxBoard bounds the board's width and height: nodes placed further
	// apart than this are left out (the board would be unreadably small).
	MaxBoard = 2e5
)

// pad is the margin around the nodes, in canvas pixels.
const pad = 40

// Problem is something wrong in a canvas file, at a line of it.
type Problem struct {
	Line int
	Msg  string
}

// jnode is a node as JSON Canvas writes it.
type jnode struct {
	ID       string   `json:"id"`
	Type     string   `json:"type"`
	X        *float64 `json:"x"`
	Y        *float64 `json:"y"`
	Width    *float64 `json:"width"`
	Height   *float64 `json:"height"`
	Color    string   `json:"color"`
	Text     string   `json:"text"`
	File     string   `json:"file"`
	Subpath  string   `json:"subpath"`
	URL      string   `json:"url"`
	Label    string   `json:"label"`
	Position int      `json:"-"` // index in the file
}

// jedge is an edge as JSON Canvas writes it.
type jedge struct {
	ID       string `json:"id"`
	FromNode string `json:"fromNode"`
	FromSide string `json:"fromSide"`
	FromEnd  string `json:"fromEnd"`
	ToNode   string `json:"toNode"`
	ToSide   string `json:"toSide"`
	ToEnd    string `json:"toEnd"`
	Color    string `json:"color"`
	Label    string `json:"label"`
}

// BoardData is the payload of a board's marker line: its size and its
// edges, drawn in the canvas's pixels with the board's top left at 0, 0.
type BoardData struct {
	W     float64    `json:"w"`
	H     float64    `json:"h"`
	Edges []EdgeData `json:"edges,omitempty"`
}

// EdgeData is an edge as drawn: a cubic Bézier from (X1, Y1) to (X2, Y2)
// with control points C1 and C2, an arrowhead at either end, its colour
// and label (at LX, LY).
type EdgeData struct {
	X1, Y1, C1X, C1Y, C2X, C2Y, X2, Y2 float64
	FromArrow, ToArrow                 bool   `json:",omitempty"`
	Color                              string `json:",omitempty"`
	Label                              string `json:",omitempty"`
	LX, LY                             float64
}

// BoxData is the payload of a node's marker line: its type, id, place
// on the board (canvas pixels, the board's top left at 0, 0), colour and
// (a group's) label.
type BoxData struct {
	ID    string  `json:"id"`
	Type  string  `json:"type"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
	Color string  `json:"color,omitempty"`
	Label string  `json:"label,omitempty"`
}

// The marker lines.
const (
	boardOpen  = ":::canvas-board "
	boardClose = ":::canvas-board-end"
	boxOpen    = ":::canvas-node "
	boxClose   = ":::canvas-end"
	markerHead = ":::canvas-"
)

// Markdown reads a JSON Canvas file and returns the Markdown of its page,
// lines mapping each of its lines to the file's (as layout.Expanded.Lines
// does), and what is wrong in the file. A file that is not JSON Canvas
// gives a page saying so. It never fails: every problem leaves out the
// node or edge it is in.
func Markdown(src []byte) (md []byte, lines []int, problems []Problem) {
	var doc struct {
		Nodes []json.RawMessage `json:"nodes"`
		Edges []json.RawMessage `json:"edges"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		line := 1
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line = bytes.Count(src[:min(int(se.Offset), len(src))], []byte("\n")) + 1
		}
		return []byte("*This canvas could not be read: it is not JSON Canvas.*\n"), []int{line},
			[]Problem{{Line: line, Msg: fmt.Sprintf("not a JSON Canvas file (%v): its page shows no board", err)}}
	}
	w := &writer{src: src}
	raw := doc.Nodes
	if len(raw) > MaxNodes {
		w.problem(1, fmt.Sprintf("%d nodes: only the first %d are drawn (sitegen draws at most %d nodes a canvas)", len(raw), MaxNodes, MaxNodes))
		raw = raw[:MaxNodes]
	}
	nodes := make([]jnode, 0, len(raw))
	ids := make(map[string]int, len(raw))
	for i, r := range raw {
		var n jnode
		if err := json.Unmarshal(r, &n); err != nil {
			w.problem(w.line(r), fmt.Sprintf("node %d: %v: not drawn", i+1, err))
			continue
		}
		n.Position = i
		if msg := w.check(&n); msg != "" {
			w.problem(w.idLine(n.ID), fmt.Sprintf("node %q: %s: not drawn", n.ID, msg))
			continue
		}
		if _, dup := ids[n.ID]; dup {
			w.problem(w.idLine(n.ID), fmt.Sprintf("node %q: a second node of this id: not drawn", n.ID))
			continue
		}
		ids[n.ID] = len(nodes)
		nodes = append(nodes, n)
	}
	// The board: the nodes' extent, with a margin.
	minX, minY, maxX, maxY := 0.0, 0.0, 0.0, 0.0
	for i, n := range nodes {
		if i == 0 {
			minX, minY, maxX, maxY = *n.X, *n.Y, *n.X+*n.Width, *n.Y+*n.Height
			continue
		}
		minX, minY = math.Min(minX, *n.X), math.Min(minY, *n.Y)
		maxX, maxY = math.Max(maxX, *n.X+*n.Width), math.Max(maxY, *n.Y+*n.Height)
	}
	if maxX-minX > MaxBoard || maxY-minY > MaxBoard {
		w.problem(1, fmt.Sprintf("the nodes span %.0f × %.0f pixels, more than %.0f: the board is drawn at its first node's corner, and the nodes further than that are not drawn", maxX-minX, maxY-minY, float64(MaxBoard)))
		ox, oy := *nodes[0].X, *nodes[0].Y
		kept := nodes[:0]
		for _, n := range nodes {
			if math.Abs(*n.X-ox) > MaxBoard/2 || math.Abs(*n.Y-oy) > MaxBoard/2 {
				continue
			}
			kept = append(kept, n)
		}
		nodes = kept
		clear(ids)
		for i, n := range nodes {
			ids[n.ID] = i
		}
		minX, minY, maxX, maxY = *nodes[0].X, *nodes[0].Y, *nodes[0].X+*nodes[0].Width, *nodes[0].Y+*nodes[0].Height
		for _, n := range nodes {
			minX, minY = math.Min(minX, *n.X), math.Min(minY, *n.Y)
			maxX, maxY = math.Max(maxX, *n.X+*n.Width), math.Max(maxY, *n.Y+*n.Height)
		}
	}
	ox, oy := minX-pad, minY-pad
	board := BoardData{W: round(maxX - minX + 2*pad), H: round(maxY - minY + 2*pad)}
	if len(nodes) == 0 {
		board.W, board.H = 2*pad, 2*pad
	}
	edges := doc.Edges
	if len(edges) > MaxEdges {
		w.problem(1, fmt.Sprintf("%d edges: only the first %d are drawn (sitegen draws at most %d edges a canvas)", len(edges), MaxEdges, MaxEdges))
		edges = edges[:MaxEdges]
	}
	for i, r := range edges {
		var e jedge
		if err := json.Unmarshal(r, &e); err != nil {
			w.problem(w.line(r), fmt.Sprintf("edge %d: %v: not drawn", i+1, err))
			continue
		}
		from, okFrom := ids[e.FromNode]
		to, okTo := ids[e.ToNode]
		switch {
		case !okFrom:
			w.problem(w.idLine(e.ID), fmt.Sprintf("edge %q: from node %q, which is not drawn (no such node): not drawn", e.ID, e.FromNode))
			continue
		case !okTo:
			w.problem(w.idLine(e.ID), fmt.Sprintf("edge %q: to node %q, which is not drawn (no such node): not drawn", e.ID, e.ToNode))
			continue
		}
		board.Edges = append(board.Edges, route(e, nodes[from], nodes[to], ox, oy))
	}
	// The board's nodes in reading order, top to bottom, left to right,
	// a group before the nodes of its row (its label above them): their
	// order read aloud and printed. A group is drawn behind the others
	// (CSS z-index), as Obsidian draws groups.
	order := slices.Clone(nodes)
	slices.SortStableFunc(order, func(a, b jnode) int {
		if c := cmpf(*a.Y, *b.Y); c != 0 {
			return c
		}
		if ga, gb := a.Type == "group", b.Type == "group"; ga != gb {
			if ga {
				return -1
			}
			return 1
		}
		return cmpf(*a.X, *b.X)
	})
	w.marker(boardOpen, board, 1)
	for _, n := range order {
		line := w.idLine(n.ID)
		box := BoxData{ID: n.ID, Type: n.Type, X: round(*n.X - ox), Y: round(*n.Y - oy), W: round(*n.Width), H: round(*n.Height), Color: n.Color}
		if n.Type == "group" {
			box.Label = n.Label
		}
		w.marker(boxOpen, box, line)
		w.content(n, line)
		w.write(boxClose+"\n", line)
	}
	w.write(boardClose+"\n", 1)
	return w.out.Bytes(), w.lines, w.problems
}

// writer builds the page's Markdown and its line map.
type writer struct {
	src      []byte
	out      bytes.Buffer
	lines    []int
	problems []Problem
}

func (w *writer) problem(line int, msg string) {
	w.problems = append(w.problems, Problem{Line: line, Msg: msg})
}

// write appends s, every line of it mapped to the file's line.
func (w *writer) write(s string, line int) {
	w.out.WriteString(s)
	for range strings.Count(s, "\n") {
		w.lines = append(w.lines, line)
	}
}

// marker writes a marker line with its JSON payload.
func (w *writer) marker(head string, v any, line int) {
	b, _ := json.Marshal(v) // plain structs of strings and numbers
	w.write(head+string(b)+"\n", line)
}

// content writes a node's Markdown.
func (w *writer) content(n jnode, line int) {
	var md string
	switch n.Type {
	case "text":
		md = neutralize(n.Text)
	case "file":
		md = fileMarkdown(n.File, n.Subpath)
		if md == "" {
			w.problem(line, fmt.Sprintf("node %q: file %q cannot be written as a wikilink ([, ], |, # or a line break in its name): shown as its name", n.ID, n.File))
			md = escapeText(path.Base(n.File))
		}
	case "link":
		md = linkMarkdown(n.URL)
	}
	if md = strings.TrimRight(md, "\n"); md != "" {
		w.write(md+"\n", line)
	}
}

// line is the file's line where the JSON value r starts (r is a slice of
// w.src, as json.RawMessage of an Unmarshal of it is not: found by its text).
func (w *writer) line(r json.RawMessage) int {
	if i := bytes.Index(w.src, r); i >= 0 {
		return bytes.Count(w.src[:i], []byte("\n")) + 1
	}
	return 1
}

// idLine is the file's line where the id is written, 1 when not found.
func (w *writer) idLine(id string) int {
	if id == "" {
		return 1
	}
	q, _ := json.Marshal(id)
	if i := bytes.Index(w.src, q); i >= 0 {
		return bytes.Count(w.src[:i], []byte("\n")) + 1
	}
	return 1
}

// check returns what makes a node undrawable, "" when it is drawable.
func (w *writer) check(n *jnode) string {
	switch {
	case n.ID == "":
		return "no id"
	case n.Type != "text" && n.Type != "file" && n.Type != "link" && n.Type != "group":
		return fmt.Sprintf("unknown node type %q (JSON Canvas's are text, file, link and group)", n.Type)
	case n.X == nil || n.Y == nil || n.Width == nil || n.Height == nil:
		return "no x, y, width or height"
	case !finite(*n.X) || !finite(*n.Y) || math.Abs(*n.X) > MaxCoord || math.Abs(*n.Y) > MaxCoord:
		return fmt.Sprintf("x, y %v, %v out of bounds (sitegen draws within ±%.0f pixels)", *n.X, *n.Y, float64(MaxCoord))
	case !finite(*n.Width) || !finite(*n.Height) || *n.Width <= 0 || *n.Height <= 0 || *n.Width > MaxSize || *n.Height > MaxSize:
		return fmt.Sprintf("size %v × %v out of bounds (sitegen draws nodes of 1 to %.0f pixels a side)", *n.Width, *n.Height, float64(MaxSize))
	case n.Color != "" && Color(n.Color) == "":
		w.problem(w.idLine(n.ID), fmt.Sprintf("node %q: color %q is neither a preset (\"1\" to \"6\") nor a hex colour: drawn without it", n.ID, n.Color))
		n.Color = ""
	}
	return ""
}

// neutralize escapes the lines of a text node that would read as the
// marker lines (":::canvas-…"), so that the text stays inside its node.
func neutralize(text string) string {
	if !strings.Contains(text, markerHead) {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, " "), markerHead) {
			lines[i] = `\` + strings.TrimLeft(l, " ")
		}
	}
	return strings.Join(lines, "\n")
}

// fileMarkdown is a file node's Markdown, as Obsidian shows the file on
// a board: a note by its title linking to it, then its content embedded
// (![[file]], the notes' own embeds); an image, the image; another file
// a link to it; "" when the path cannot be written as a wikilink.
func fileMarkdown(file, subpath string) string {
	if file == "" || strings.ContainsAny(file+subpath, "[]|\n\r") || strings.Contains(file, "#") {
		return ""
	}
	if subpath != "" && !strings.HasPrefix(subpath, "#") {
		subpath = "#" + subpath
	}
	target := file
	if strings.HasSuffix(target, ".md") {
		target = strings.TrimSuffix(target, ".md")
	}
	name := path.Base(target)
	if subpath != "" {
		name += " › " + strings.TrimPrefix(strings.TrimPrefix(subpath, "#"), "^")
	}
	switch strings.ToLower(path.Ext(file)) {
	case ".md":
		return "[[" + target + subpath + "|" + escapeLabel(name) + "]]\n\n![[" + target + subpath + "]]"
	case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".avif", ".bmp":
		// An image fills its node, as Obsidian draws it.
		return "![[" + target + "|" + escapeLabel(name) + "]]"
	}
	// Other files (a PDF, a canvas, audio): a link.
	return "[[" + target + subpath + "|" + escapeLabel(name) + "]]"
}

// linkMarkdown is a link node's Markdown: its URL as a link card, the
// host as its title and the URL below it.
func linkMarkdown(u string) string {
	if u == "" || strings.ContainsAny(u, "\n\r") {
		return ""
	}
	host := u
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	host, _, _ = strings.Cut(host, "/")
	dest := strings.NewReplacer(" ", "%20", "<", "%3C", ">", "%3E").Replace(u)
	return "[" + escapeText(host) + "](<" + dest + ">)\n\n" + escapeText(u)
}

// escapeText escapes the characters of s Markdown reads as markup.
func escapeText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_{}[]<>()#+-.!|~=$%&:", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// escapeLabel escapes a wikilink's label.
func escapeLabel(s string) string {
	return strings.NewReplacer("[", "(", "]", ")", "|", "/").Replace(s)
}

var hexColor = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`)

// presets are JSON Canvas's preset colours, as Obsidian draws them: "The
// specific values for the preset colors are intentionally not defined so
// that applications can tailor the presets to their specific brand colors
// or color scheme" (https://jsoncanvas.org/spec/1.0/#color): "1" red, "2"
// orange, "3" yellow, "4" green, "5" cyan, "6" purple; these are
// Obsidian's default theme's.
var presets = map[string]string{"1": "#fb464c", "2": "#e9973f", "3": "#e0de71", "4": "#44cf6e", "5": "#53dfdd", "6": "#a882ff"}

// rgbColor is a colour as Obsidian's first canvases wrote it, "r, g, b"
// ("color":"255, 23, 68" in ObsidianTTRPGProject/ObsidianTTRPGVault's
// Canvas Test.canvas, of December 2022).
var rgbColor = regexp.MustCompile(`^([0-9]{1,3}), ?([0-9]{1,3}), ?([0-9]{1,3})$`)

// Color is the CSS colour of a JSON Canvas color ("1" to "6" or a hex
// colour, or Obsidian's early "r, g, b"), "" for anything else.
func Color(c string) string {
	if p, ok := presets[c]; ok {
		return p
	}
	if hexColor.MatchString(c) {
		return strings.ToLower(c)
	}
	if m := rgbColor.FindStringSubmatch(c); m != nil {
		for _, v := range m[1:] {
			if n, _ := strconv.Atoi(v); n > 255 {
				return ""
			}
		}
		return "rgb(" + m[1] + "," + m[2] + "," + m[3] + ")"
	}
	return ""
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func round(f float64) float64 { return math.Round(f*10) / 10 }

func cmpf(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
