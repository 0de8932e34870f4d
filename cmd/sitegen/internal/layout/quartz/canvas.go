package quartz

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// CanvasExt is the extension of a JSON Canvas file
// (https://jsoncanvas.org/spec/1.0/), which Quartz 5's canvas-page plugin
// makes a page.
const CanvasExt = ".canvas"

// canvasPlugin is the name of Quartz 5's canvas-page plugin
// (github:quartz-community/canvas-page).
const canvasPlugin = "canvas-page"

// maxCanvasNodes bounds the nodes of a canvas read: a board has tens.
const maxCanvasNodes = 10000

// canvasNode is a node of a JSON Canvas: "text" (Markdown), "file" (a
// note or attachment of the vault, with an optional #subpath), "link" (a
// URL) or "group" (a labelled area).
type canvasNode struct {
	ID      string  `json:"id"`
	Type    string  `json:"type"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Text    string  `json:"text"`
	File    string  `json:"file"`
	Subpath string  `json:"subpath"`
	URL     string  `json:"url"`
	Label   string  `json:"label"`
}

// expandCanvas is the Markdown of the page Quartz 5's canvas-page plugin
// makes of a .canvas file (src/pageType.ts, src/components/CanvasBody.tsx
// of github:quartz-community/canvas-page): its nodes, which the plugin
// lays out on a board, one after another in reading order (top to
// bottom, then left to right): a text node's Markdown ("renderMarkdown(
// node.text)"); a file node a link to its note or file from the content
// folder ("href={`/${node.file.replace(/\.md$/, "")}`}"), labelled by its
// file name; a link node a link to its URL, labelled by its host; a
// group its label, as a heading. The edges between nodes, which the
// plugin draws as arrows, are not shown. A file that is not JSON Canvas
// (the plugin skips it) is shown as its text, with a warning.
func expandCanvas(src []byte) layout.Expanded {
	var doc struct {
		Nodes []canvasNode `json:"nodes"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		return layout.Expanded{
			Src:      []byte("```json\n" + strings.ReplaceAll(string(src), "```", "` ``") + "\n```\n"),
			Problems: []layout.Problem{{Line: 1, Col: 1, Warning: true, Msg: fmt.Sprintf("not a JSON Canvas (%v): Quartz's canvas-page plugin makes no page of it; shown as its text", err)}},
		}
	}
	nodes := doc.Nodes
	var problems []layout.Problem
	if len(nodes) > maxCanvasNodes {
		problems = append(problems, layout.Problem{Line: 1, Col: 1, Warning: true, Msg: fmt.Sprintf("%d nodes: only the first %d are shown", len(nodes), maxCanvasNodes)})
		nodes = nodes[:maxCanvasNodes]
	}
	slices.SortStableFunc(nodes, func(a, b canvasNode) int {
		if a.Y != b.Y {
			return cmp.Compare(a.Y, b.Y)
		}
		return cmp.Compare(a.X, b.X)
	})
	var out bytes.Buffer
	var lines []int
	for _, n := range nodes {
		var md string
		switch n.Type {
		case "text":
			md = n.Text
		case "file":
			md = canvasFileLink(n.File, n.Subpath)
		case "link":
			host := n.URL
			if u, err := url.Parse(n.URL); err == nil && u.Hostname() != "" {
				host = u.Hostname()
			}
			md = fmt.Sprintf("[%s](<%s>)", escapeLinkText(host), strings.ReplaceAll(n.URL, ">", "%3E"))
		case "group":
			if strings.TrimSpace(n.Label) != "" {
				md = "## " + strings.TrimSpace(n.Label)
			}
		}
		if strings.TrimSpace(md) == "" {
			continue
		}
		line := nodeLine(src, n.ID)
		md = strings.TrimRight(md, "\n") + "\n\n"
		out.WriteString(md)
		for range strings.Count(md, "\n") {
			lines = append(lines, line)
		}
	}
	return layout.Expanded{Src: out.Bytes(), Lines: lines, Problems: problems}
}

// canvasFileLink is a file node's link: a wikilink by the file's path
// from the content folder (a note without its .md), labelled by its file
// name.
func canvasFileLink(file, subpath string) string {
	target := strings.TrimSuffix(file, ".md")
	name := path.Base(target)
	if strings.ContainsAny(target+subpath, "[]|\n") {
		return escapeLinkText(name)
	}
	return "[[" + target + subpath + "|" + name + "]]"
}

// escapeLinkText escapes the characters of s that Markdown would read as
// link syntax.
func escapeLinkText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(s)
}

// nodeLine is the line of src where the node id is written, 1 when it is
// not found: where a problem in the node's text is reported.
func nodeLine(src []byte, id string) int {
	q, _ := json.Marshal(id)
	if i := bytes.Index(src, q); i >= 0 {
		return bytes.Count(src[:i], []byte("\n")) + 1
	}
	return 1
}
