package content

import (
	"html"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
)

// Mermaid diagrams: mdBook draws a ```mermaid block with the
// mdbook-mermaid preprocessor, Quartz with its Obsidian-flavoured
// Markdown, Docusaurus with markdown.mermaid (layout.Markup.Diagrams),
// Obsidian itself natively ("Obsidian supports Mermaid.js natively, via
// mermaid codeblocks", https://github.com/dartungar/obsidian-mermaid);
// sitegen runs no diagram renderer, so the block is shown as its source
// under a caption that says what it is, not as unexplained code.

// DiagramBlocks returns handlers with one for ```mermaid blocks added
// when the layout's tool draws them and no handler is given for them.
func DiagramBlocks(l *layout.Layout, handlers map[string]markup.BlockHandler) map[string]markup.BlockHandler {
	if l.Kind != layout.MdBook && l.Kind != layout.Quartz && l.Kind != layout.Obsidian && !l.Markup.Diagrams {
		return handlers
	}
	if _, ok := handlers["mermaid"]; ok {
		return handlers
	}
	out := make(map[string]markup.BlockHandler, len(handlers)+1)
	for k, v := range handlers {
		out[k] = v
	}
	out["mermaid"] = markup.BlockHandlerFunc(diagramSource)
	return out
}

// diagramSource shows a Mermaid block as its source, captioned.
func diagramSource(b *markup.Block) (string, error) {
	return `<figure class="diagram-source"><figcaption>Diagram (Mermaid source; sitegen does not draw it)</figcaption>` +
		`<pre><code class="language-mermaid">` + html.EscapeString(b.Body) + "</code></pre></figure>\n", nil
}
