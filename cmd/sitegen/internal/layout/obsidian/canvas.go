package obsidian

import (
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/canvas"
)

// CanvasExt is the extension of Obsidian's canvases, JSON Canvas files
// (https://jsoncanvas.org/spec/1.0/): "Canvas is a core plugin for visual
// note-taking … Canvas files are saved with the .canvas extension using
// the open JSON Canvas format" (https://help.obsidian.md/plugins/canvas).
const CanvasExt = ".canvas"

// expandCanvas is the Markdown of a canvas's page, drawn as Obsidian
// draws the board (package canvas): its nodes at their places, text nodes
// as the vault's Markdown, file nodes as their note's title and embed
// ("Add notes from your vault … The note is embedded in the canvas",
// https://help.obsidian.md/plugins/canvas), link nodes as a link card,
// groups as labelled frames behind their nodes, and the edges between
// them. A note's text is left as it is.
func expandCanvas(file string, src []byte, _ func(string) ([]byte, error)) layout.Expanded {
	if !strings.HasSuffix(file, CanvasExt) {
		return layout.Expanded{Src: src}
	}
	md, lines, problems := canvas.Markdown(src)
	e := layout.Expanded{Src: md, Lines: lines}
	for _, p := range problems {
		e.Problems = append(e.Problems, layout.Problem{Line: p.Line, Col: 1, Warning: true, Msg: "canvas: " + p.Msg})
	}
	return e
}
