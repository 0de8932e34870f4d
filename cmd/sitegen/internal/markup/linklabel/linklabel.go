// Package linklabel recovers links whose destination is a template tag:
// [text]({{< ref "x" >}}) in Hugo, [text]({% link x.md %}) in Jekyll.
// goldmark cannot read such a link (its destination has spaces), so it
// leaves "[text](", the tag and ")" as siblings; the dialect packages
// parse the tag and call Take to make the link whole.
package linklabel

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// PageTitle is the attribute a dialect sets on a link whose text is to
// be the title of the page it leads to (a Hugo shortcode whose template
// shows .Title): the link checker puts the title in when the link leads
// to a page, and removes the attribute.
const PageTitle = "data-sitegen-page-title"

// Take finds the "[text](" that goldmark left as text before r (a
// shortcode or tag that was the destination of a link) and the ")" after
// it (or "#fragment)"), trims them from the page and returns the label's
// nodes and the fragment ("" or "#x"); nil when r is not written as a
// link's destination.
func Take(r ast.Node, src []byte) ([]ast.Node, string) {
	next, ok := r.NextSibling().(*ast.Text)
	if !ok {
		return nil, ""
	}
	after := string(next.Segment.Value(src))
	frag := ""
	if strings.HasPrefix(after, "#") {
		end := strings.IndexByte(after, ')')
		if end < 0 || strings.ContainsAny(after[:end], " \t") {
			return nil, ""
		}
		frag = after[:end]
		after = after[end:]
	}
	if !strings.HasPrefix(after, ")") {
		return nil, ""
	}
	var nodes []ast.Node // back from r to the text holding "["
	open := -1
	for n := r.PreviousSibling(); n != nil && open < 0; n = n.PreviousSibling() {
		nodes = append(nodes, n)
		if t, ok := n.(*ast.Text); ok {
			open = strings.LastIndexByte(string(t.Segment.Value(src)), '[')
		}
	}
	if open < 0 {
		return nil, ""
	}
	var tail strings.Builder // the texts right before r
	for i := len(nodes) - 1; i >= 0; i-- {
		if t, ok := nodes[i].(*ast.Text); ok {
			tail.Write(t.Segment.Value(src))
		} else {
			tail.Reset()
		}
	}
	if !strings.HasSuffix(tail.String(), "](") {
		return nil, ""
	}
	// The label's texts hold no other "]" (in "[a] b](" the label is not
	// "a] b").
	first := nodes[len(nodes)-1].(*ast.Text)
	closing := strings.Count(string(first.Segment.Value(src)[open+1:]), "]")
	for _, n := range nodes[:len(nodes)-1] {
		if t, ok := n.(*ast.Text); ok {
			closing += strings.Count(string(t.Segment.Value(src)), "]")
		}
	}
	if closing != 1 {
		return nil, ""
	}
	// Trim "](" from the end, across texts if need be.
	for cut := 2; cut > 0; {
		t := nodes[0].(*ast.Text)
		n := min(cut, t.Segment.Len())
		t.Segment = t.Segment.WithStop(t.Segment.Stop - n)
		cut -= n
		if t.Segment.Len() == 0 && len(nodes) > 1 {
			t.Parent().RemoveChild(t.Parent(), t)
			nodes = nodes[1:]
		}
	}
	first = nodes[len(nodes)-1].(*ast.Text)
	var label []ast.Node
	if start := first.Segment.Start + open + 1; start < first.Segment.Stop {
		label = append(label, ast.NewTextSegment(text.NewSegment(start, first.Segment.Stop)))
	}
	first.Segment = first.Segment.WithStop(first.Segment.Start + open)
	for i := len(nodes) - 2; i >= 0; i-- {
		nodes[i].Parent().RemoveChild(nodes[i].Parent(), nodes[i])
		label = append(label, nodes[i])
	}
	next.Segment = next.Segment.WithStart(next.Segment.Start + len(frag) + 1)
	return label, frag
}
