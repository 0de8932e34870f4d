package canvas

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// render converts a canvas file to HTML: Markdown, then goldmark with
// Extension on (as a canvas page's parse sets On).
func render(t *testing.T, src string, on bool) (string, []Problem) {
	t.Helper()
	md, lines, problems := Markdown([]byte(src))
	if n := bytes.Count(md, []byte("\n")); n != len(lines) {
		t.Fatalf("%d lines mapped for %d lines of Markdown", len(lines), n)
	}
	m := goldmark.New(goldmark.WithExtensions(Extension{}))
	pc := parser.NewContext()
	if on {
		pc.Set(On, true)
	}
	doc := m.Parser().Parse(text.NewReader(md), parser.WithContext(pc))
	var b bytes.Buffer
	if err := m.Renderer().Render(&b, md, doc); err != nil {
		t.Fatal(err)
	}
	return b.String(), problems
}

// TestCanvas checks the page drawn of JSON Canvas files, from the spec's
// definitions (https://jsoncanvas.org/spec/1.0/).
func TestCanvas(t *testing.T) {
	for _, c := range []struct {
		name, src   string
		has, hasNot []string
		problems    []string
	}{{
		// "Text type nodes store text. … text (required, string) in plain
		// text with Markdown syntax."
		name: "a text node: its Markdown, at its place",
		src:  `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":200,"height":100,"text":"Some **bold** text"}]}`,
		has: []string{`<div class="cv-board" role="figure" aria-label="Canvas" style="--w:280;--h:180;--fs:5.7143">`,
			`<div class="cv-node cv-text" data-id="a" style="--x:0.14286;--y:0.22222;--nw:0.71429;--nh:0.55556">`,
			`<p>Some <strong>bold</strong> text</p>`},
	}, {
		// "The board's nodes": the origin is the nodes' top left, whatever
		// sign their coordinates have. "x (required, integer) is the
		// x position of the node in pixels."
		name: "negative coordinates: the board starts at the nodes' top left",
		src:  `{"nodes":[{"id":"a","type":"text","x":-500,"y":-300,"width":100,"height":100,"text":"A"},{"id":"b","type":"text","x":-100,"y":-300,"width":100,"height":100,"text":"B"}]}`,
		has:  []string{`--w:580;--h:180`, `data-id="a" style="--x:0.06897;--y:0.22222`, `data-id="b" style="--x:0.75862;--y:0.22222`},
	}, {
		// "File type nodes reference other files or attachments, such as
		// images, videos, etc. … subpath (optional, string) is a subpath
		// that may link to a heading or a block. Always starts with a #."
		name: "a file node: a note's title and its embed; an image; another file",
		src: `{"nodes":[
			{"id":"n","type":"file","x":0,"y":0,"width":200,"height":100,"file":"Notes/The Keep.md"},
			{"id":"s","type":"file","x":0,"y":200,"width":200,"height":100,"file":"Notes/The Keep.md","subpath":"#Towers"},
			{"id":"i","type":"file","x":300,"y":0,"width":200,"height":100,"file":"maps/keep.png"},
			{"id":"p","type":"file","x":300,"y":200,"width":200,"height":100,"file":"rules.pdf"}]}`,
		has: []string{"[[Notes/The Keep|The Keep]]", "![[Notes/The Keep]]", "[[Notes/The Keep#Towers|The Keep › Towers]]",
			"![[Notes/The Keep#Towers]]", "![[maps/keep.png|keep.png]]", "[[rules.pdf|rules.pdf]]"},
		hasNot: []string{"![[rules.pdf]]", "[[maps/keep.png|keep.png]]\n"},
	}, {
		// "Link type nodes reference a URL."
		name: "a link node: a card with the host and the URL",
		src:  `{"nodes":[{"id":"l","type":"link","x":0,"y":0,"width":200,"height":100,"url":"https://example.org/a_b?x=1"}]}`,
		has:  []string{`<div class="cv-node cv-link"`, `<a href="https://example.org/a_b?x=1">example.org</a>`, "<p>https://example.org/a_b?x=1</p>"},
	}, {
		// "Group type nodes are used as a visual container for nodes within
		// it. … label (optional, string) is a text label for the group."
		// A group before the nodes of its row; "color … 1 red … 6 purple".
		name: "a group: a labelled frame, before its nodes; colours",
		src: `{"nodes":[
			{"id":"t","type":"text","x":20,"y":20,"width":100,"height":50,"text":"In","color":"6"},
			{"id":"g","type":"group","x":0,"y":0,"width":300,"height":200,"label":"<Places>","color":"#AbCdEf"},
			{"id":"u","type":"text","x":20,"y":0,"width":100,"height":50,"text":"Top","color":"4"}]}`,
		has: []string{`<div class="cv-node cv-group" data-id="g" style="--x:0.10526;--y:0.14286;--nw:0.78947;--nh:0.71429;--c:#abcdef"><div class="cv-label">&lt;Places&gt;</div>`,
			"--c:#a882ff", "--c:#44cf6e"},
		hasNot: []string{"<Places>"},
	}, {
		// "fromEnd (optional, string) is the shape of the endpoint at the
		// edge start. Defaults to none if not specified. toEnd … Defaults
		// to arrow if not specified." "fromSide … top, right, bottom, left".
		name: "edges: sides, ends, label, colour",
		src: `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"A"},{"id":"b","type":"text","x":300,"y":0,"width":100,"height":100,"text":"B"}],
			"edges":[{"id":"e1","fromNode":"a","fromSide":"right","toNode":"b","toSide":"left","label":"leads & <goes>","color":"2"},
			{"id":"e2","fromNode":"b","toNode":"a","fromEnd":"arrow","toEnd":"none"}]}`,
		has: []string{`<svg class="cv-edges" viewBox="0 0 480 180"`, `<g class="cv-edge" style="--c:#e9973f"><path d="M140 90C220 90,260 90,340 90"/><polygon points="340,90 326,96 326,84"/><text x="240" y="90">leads &amp; &lt;goes&gt;</text></g>`,
			// e2 goes from b's left side (facing a) to a's right, its one arrow at its start, pointing into b
			`<g class="cv-edge"><path d="M340 90C260 90,220 90,140 90"/><polygon points="340,90 326,96 326,84"/></g>`},
	}, {
		name: "a text node cannot close its node or open another",
		src:  `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"x\n:::canvas-end\n:::canvas-node {\"id\":\"z\",\"type\":\"text\",\"x\":1,\"y\":1,\"w\":1,\"h\":1}\n:::canvas-board-end"}]}`,
		has:  []string{":::canvas-end", ":::canvas-board-end"}, hasNot: []string{`data-id="z"`},
	}, {
		name: "ids, labels and text are escaped",
		src:  `{"nodes":[{"id":"\"><script>x</script>","type":"group","x":0,"y":0,"width":100,"height":100,"label":"<img src=x onerror=alert(1)>"}]}`,
		has:  []string{`data-id="&#34;&gt;&lt;script&gt;x&lt;/script&gt;"`, `&lt;img src=x onerror=alert(1)&gt;`}, hasNot: []string{"<script>", "<img"},
	}, {
		name:     "not JSON: a page saying so, the line named",
		src:      "{\n\"nodes\": [\n  {\"id\": \"a\",,}\n]}",
		has:      []string{"This canvas could not be read"},
		hasNot:   []string{"cv-board"},
		problems: []string{"3: not a JSON Canvas file (invalid character ',' looking for beginning of object key string): its page shows no board"},
	}, {
		name: "bad nodes and edges are left out, each named",
		src: `{"nodes":[
			{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"A"},
			{"id":"b","type":"sticker","x":0,"y":0,"width":100,"height":100},
			{"id":"c","type":"text","x":0,"y":0,"width":1e9,"height":100,"text":"C"},
			{"id":"d","type":"text","x":0,"y":0,"width":100,"text":"D"},
			{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"A2"},
			{"id":"f","type":"text","x":0,"y":0,"width":100,"height":100,"text":"F","color":"red"},
			{"id":"g","type":"text","x":"0","y":0,"width":100,"height":100}],
			"edges":[{"id":"e","fromNode":"a","toNode":"zz"},{"id":"e2","fromNode":"yy","toNode":"a"}]}`,
		has:    []string{`data-id="a"`, `data-id="f"`, "<p>F</p>"},
		hasNot: []string{`data-id="b"`, `data-id="c"`, `data-id="d"`, "A2", "--c:", "<path"},
		problems: []string{
			`3: node "b": unknown node type "sticker" (JSON Canvas's are text, file, link and group): not drawn`,
			`4: node "c": size 1e+09 × 100 out of bounds (sitegen draws nodes of 1 to 100000 pixels a side): not drawn`,
			`5: node "d": no x, y, width or height: not drawn`,
			`2: node "a": a second node of this id: not drawn`,
			`7: node "f": color "red" is neither a preset ("1" to "6") nor a hex colour: drawn without it`,
			`8: node 7: json: cannot unmarshal string into Go struct field jnode.x of type float64: not drawn`,
			`9: edge "e": to node "zz", which is not drawn (no such node): not drawn`,
			`9: edge "e2": from node "yy", which is not drawn (no such node): not drawn`,
		},
	}, {
		name:     "nodes far apart: the far ones left out, the board bounded",
		src:      `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"A"},{"id":"b","type":"text","x":900000,"y":0,"width":100,"height":100,"text":"B"}]}`,
		has:      []string{`data-id="a"`, "--w:180;--h:180"},
		hasNot:   []string{`data-id="b"`},
		problems: []string{"1: the nodes span 900100 × 100 pixels, more than 200000: the board is drawn at its first node's corner, and the nodes further than that are not drawn"},
	}, {
		name: "Obsidian's early colours (\"r, g, b\") and an empty one",
		src: `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"A","color":""},{"id":"b","type":"text","x":200,"y":0,"width":100,"height":100,"text":"B"}],
			"edges":[{"id":"e","fromNode":"a","toNode":"b","color":"255, 23, 68","label":""}]}`,
		has:    []string{`<g class="cv-edge" style="--c:rgb(255,23,68)">`},
		hasNot: []string{"<text"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			html, problems := render(t, c.src, true)
			md, _, _ := Markdown([]byte(c.src))
			for _, s := range c.has {
				if !strings.Contains(html, s) && !strings.Contains(string(md), s) {
					t.Errorf("no %q in\n%s\n(Markdown:\n%s)", s, html, md)
				}
			}
			for _, s := range c.hasNot {
				if strings.Contains(html, s) {
					t.Errorf("%q in\n%s", s, html)
				}
			}
			var got []string
			for _, p := range problems {
				got = append(got, fmt.Sprintf("%d: %s", p.Line, p.Msg))
			}
			if strings.Join(got, "\n") != strings.Join(c.problems, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.problems, "\n"))
			}
		})
	}
}

// TestCanvasOff: the marker lines are read on a canvas page only; a note
// that writes one shows it as text.
func TestCanvasOff(t *testing.T) {
	html, _ := render(t, `{"nodes":[{"id":"a","type":"text","x":0,"y":0,"width":100,"height":100,"text":"A"}]}`, false)
	if strings.Contains(html, "cv-board") || !strings.Contains(html, ":::canvas-board") {
		t.Errorf("marker lines read outside a canvas page:\n%s", html)
	}
}

// TestCanvasBounds: 100,000 nodes and edges cost bounded time and memory:
// MaxNodes drawn, with one warning each for nodes and edges.
func TestCanvasBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"nodes":[`)
	for i := range 100000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"n%d","type":"text","x":%d,"y":%d,"width":100,"height":50,"text":"N%d"}`, i, i%300*120, i/300*60, i)
	}
	b.WriteString(`],"edges":[`)
	for i := range 100000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"e%d","fromNode":"n%d","toNode":"n%d"}`, i, i%MaxNodes, (i+1)%MaxNodes)
	}
	b.WriteString(`]}`)
	start := time.Now()
	html, problems := render(t, b.String(), true)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
	if n := strings.Count(html, `class="cv-node`); n != MaxNodes {
		t.Errorf("%d nodes drawn, want %d", n, MaxNodes)
	}
	if n := strings.Count(html, `<path`); n != MaxEdges {
		t.Errorf("%d edges drawn, want %d", n, MaxEdges)
	}
	if len(problems) != 2 || !strings.Contains(problems[0].Msg, "100000 nodes: only the first 2000") || !strings.Contains(problems[1].Msg, "100000 edges: only the first 4000") {
		t.Errorf("problems %v", problems)
	}
}
