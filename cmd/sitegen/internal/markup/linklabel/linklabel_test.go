package linklabel

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// tag is a stand-in for a template tag: "@TAG X@" in the source (it has a
// space, as {{< ref "x" >}} has).
type tag struct{ ast.BaseInline }

var kindTag = ast.NewNodeKind("TestTag")

func (n *tag) Kind() ast.NodeKind         { return kindTag }
func (n *tag) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type tagParser struct{}

func (tagParser) Trigger() []byte { return []byte{'@'} }
func (tagParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if !bytes.HasPrefix(line, []byte("@TAG X@")) {
		return nil
	}
	block.Advance(len("@TAG X@"))
	return &tag{}
}

// linker replaces each tag by a link to "dest" with the label Take finds.
type linker struct{}

func (linker) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	var tags []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Kind() == kindTag && entering {
			tags = append(tags, n)
		}
		return ast.WalkContinue, nil
	})
	for _, t := range tags {
		l := ast.NewLink()
		l.Destination = []byte("dest")
		label, frag := Take(t, reader.Source())
		l.Destination = append(l.Destination, frag...)
		if label == nil {
			label = []ast.Node{ast.NewString([]byte("bare"))}
		}
		for _, c := range label {
			l.AppendChild(l, c)
		}
		t.Parent().ReplaceChild(t.Parent(), t, l)
	}
}

func TestTake(t *testing.T) {
	tests := []struct{ src, want string }{
		{"[a b](@TAG X@) c", `<p><a href="dest">a b</a> c</p>`},
		{"x [*a* b](@TAG X@)", `<p>x <a href="dest"><em>a</em> b</a></p>`},
		{"[a] b](@TAG X@)", `<p>[a] b](<a href="dest">bare</a>)</p>`}, // "[a] b](" is not one label
		{"no label (@TAG X@)", `<p>no label (<a href="dest">bare</a>)</p>`},
		{"[a](@TAG X@ missing", `<p>[a](<a href="dest">bare</a> missing</p>`},
		{"[a](@TAG X@#part) b", `<p><a href="dest#part">a</a> b</p>`},
		{"[a--b](@TAG X@)", `<p><a href="dest">a&ndash;b</a></p>`}, // the typographer split the label
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Typographer))
	md.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(tagParser{}, 10)),
		parser.WithASTTransformers(util.Prioritized(linker{}, 10)))
	md.Renderer().AddOptions(renderer.WithNodeRenderers())
	for _, tt := range tests {
		var b bytes.Buffer
		if err := md.Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		if got := string(bytes.TrimSpace(b.Bytes())); got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.src, got, tt.want)
		}
	}
}
