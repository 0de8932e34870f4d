package markup

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/linklabel"
	"d6codex/cmd/sitegen/internal/markup/mdx"
	"d6codex/cmd/sitegen/internal/markup/wikilink"
)

// LinkResolver checks a link or image destination as written on a page
// and returns the URL to publish, or a problem ("content/x.md does not
// exist") when the link is broken. The content model implements it: it
// knows which pages, headings and files exist.
type LinkResolver interface {
	ResolveLink(dest string) (url, problem string)
}

// LinkResolverFunc adapts a function to the LinkResolver interface.
type LinkResolverFunc func(dest string) (url, problem string)

// ResolveLink calls f(dest).
func (f LinkResolverFunc) ResolveLink(dest string) (string, string) { return f(dest) }

// LinkTarget is what a TargetResolver says of a link or image.
type LinkTarget struct {
	// URL is the URL to publish.
	URL string
	// Problem is set when the link is broken (an error). A URL beside
	// it is where the link goes when broken links are warnings (a page
	// that is there, its #fragment not on it); without one the link is
	// left as written.
	Problem string
	// Unlinked is set when the link leads to what is not published: a
	// warning, and the link is shown as its text (an image as its alt
	// text), never as a link into it.
	Unlinked string
	// Title is the title of the page the link leads to ("" when it leads
	// to no page): the text of a link that asks for it
	// (linklabel.PageTitle).
	Title string
}

// TargetResolver is a LinkResolver that can also keep a link from being
// made (see LinkTarget.Unlinked). A Page.Links that implements it is
// asked through it.
type TargetResolver interface {
	LinkResolver
	ResolveTarget(dest string) LinkTarget
}

// FileReader is a LinkResolver that also reads a file of the site for the
// page (a Hugo shortcode template's readFile): rel is a slash path
// relative to the source folder, read under its rule (no link out, no
// hidden name), at most max bytes, and recorded as a file the page
// depends on (an edit of it renders the page again). A missing file is
// an error wrapping fs.ErrNotExist.
type FileReader interface {
	LinkResolver
	ReadSiteFile(rel string, max int64) ([]byte, error)
}

// ImageResolver is a TargetResolver that answers for an image's source
// apart from a link's destination (a tool may read the two differently:
// Docusaurus's Link adds the baseUrl "unless it's already there", its
// images are looked up in the static folders as written). A Page.Links
// that implements it is asked about images through it.
type ImageResolver interface {
	TargetResolver
	ResolveImage(dest string) LinkTarget
}

// resolveImage asks the page's resolver about an image's source.
func resolveImage(links LinkResolver, dest string) LinkTarget {
	if ir, ok := links.(ImageResolver); ok {
		return ir.ResolveImage(dest)
	}
	return resolveTarget(links, dest)
}

// resolveTarget asks the page's resolver about dest.
func resolveTarget(links LinkResolver, dest string) LinkTarget {
	if tr, ok := links.(TargetResolver); ok {
		return tr.ResolveTarget(dest)
	}
	u, problem := links.ResolveLink(dest)
	return LinkTarget{URL: u, Problem: problem}
}

// Destination is a link's or image's destination as CommonMark reads
// the raw one goldmark keeps in ast.Link.Destination (its HTML renderer
// reads it so too): backslash escapes of ASCII punctuation and entity
// and numeric character references resolved ([x](\#a) is a link to #a).
// Every reader of a destination goes through it, whatever the layout.
func Destination(raw []byte) string {
	return string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(raw))))
}

// written is a URL to store in ast.Link.Destination, which goldmark's
// renderer reads as Markdown (Destination): a backslash in it is
// percent-encoded, as a browser sends it, so that none escapes what
// follows it.
func written(url string) []byte {
	return []byte(strings.ReplaceAll(url, `\`, "%5C"))
}

// linkTransformer checks and rewrites every link and image through the
// page's LinkResolver; a broken one is reported at its position, one to
// what is not published is replaced by its text. In Obsidian's Markdown
// an image of a note is an embed (noteEmbed), left to wikiTransformer.
type linkTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t linkTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || st.page.Links == nil {
		return
	}
	src := reader.Source()
	var unlink []ast.Node
	embeds := map[*ast.Image]*wikilink.Node{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			if t.m != nil && t.m.opts.Obsidian && t.m.opts.Dialects.NoteEmbeds {
				if w := noteEmbed(Destination(n.Destination)); w != nil {
					w.Start = imageStart(n, src)
					w.Written = "![" + altText(n, src) + "](" + string(n.Destination) + ")"
					embeds[n] = w
					return ast.WalkSkipChildren, nil
				}
			}
			if t.m != nil && t.m.opts.Obsidian {
				imageSize(n, src)
			}
			tg := resolveImage(st.page.Links, Destination(n.Destination))
			switch {
			case tg.Problem != "":
				st.report(imageStart(n, src), false, fmt.Sprintf("broken image %q: %s", n.Destination, tg.Problem))
			case tg.Unlinked != "":
				st.report(imageStart(n, src), true, fmt.Sprintf("unpublished image %q: %s", n.Destination, tg.Unlinked))
				unlink = append(unlink, n)
			default:
				n.Destination = written(tg.URL)
			}
		case *mdx.Element:
			// <a href="…" style={{…}}>, JSX: its href is a link as
			// a Markdown link's is.
			if n.Href == "" {
				break
			}
			tg := resolveTarget(st.page.Links, n.Href)
			switch {
			case tg.Problem != "":
				st.reportLink(n.Line, BrokenLink{Target: n.Href, Reason: tg.Problem})
				n.Href = tg.URL
			case tg.Unlinked != "":
				st.report(n.Line, true, fmt.Sprintf("unpublished link %q: %s", n.Href, tg.Unlinked))
				n.Href = ""
			default:
				n.Href = tg.URL
			}
		case *ast.AutoLink:
			if t.m != nil && t.m.opts.Dialects.ExternalNewTab && external(string(n.URL(src))) {
				newTab(n)
			}
		case *ast.Link:
			if t.m != nil && t.m.opts.Dialects.ExternalNewTab && external(string(n.Destination)) {
				newTab(n)
			}
			tg := resolveTarget(st.page.Links, Destination(n.Destination))
			switch {
			case tg.Problem != "":
				st.reportLink(n.Pos(), BrokenLink{Target: string(n.Destination), Reason: tg.Problem})
				if tg.URL != "" {
					n.Destination = written(tg.URL)
				}
			case tg.Unlinked != "":
				st.report(n.Pos(), true, fmt.Sprintf("unpublished link %q: %s", n.Destination, tg.Unlinked))
				unlink = append(unlink, n)
			default:
				n.Destination = written(tg.URL)
				if _, ok := n.AttributeString(linklabel.PageTitle); ok && tg.Title != "" {
					n.RemoveChildren(n)
					n.AppendChild(n, ast.NewString([]byte(tg.Title)))
				}
			}
			if _, ok := n.AttributeString(linklabel.PageTitle); ok {
				n.RemoveAttributes()
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unlink {
		unwrap(n)
	}
	for img, w := range embeds {
		img.Parent().ReplaceChild(img.Parent(), img, w)
	}
	if len(embeds) > 0 {
		wikilink.MarkFound(pc)
	}
}

// noteEmbed reads an image's destination as an embed of a note, or nil.
// Obsidian: "To embed a file in your vault, add an exclamation mark (!) in
// front of an Internal link"
// (https://help.obsidian.md/Linking+notes+and+files/Embed+files), and an
// internal link may be written "Markdown: [Three laws of
// motion](Three%20laws%20of%20motion.md)" (https://help.obsidian.md/links):
// so ![alt](Races/Elf.md#Traits) is ![[Races/Elf#Traits]], the note (or its
// section) shown in place, resolved as a wikilink path is. A URL with a
// scheme, or a file that is not a note, stays an image.
func noteEmbed(dest string) *wikilink.Node {
	if strings.Contains(dest, "://") || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "#") {
		return nil
	}
	p, frag, _ := strings.Cut(dest, "#")
	if !strings.EqualFold(path.Ext(p), ".md") {
		return nil
	}
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if u, err := url.PathUnescape(frag); err == nil {
		frag = u
	}
	target := strings.TrimSuffix(p, path.Ext(p))
	if target == "" || strings.Contains(target, "\n") {
		return nil
	}
	return &wikilink.Node{Target: target, Fragment: frag, Embed: true}
}

// unwrap puts a link's (or an image's alt text's) children in its place.
func unwrap(n ast.Node) {
	parent := n.Parent()
	if parent == nil {
		return
	}
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		parent.InsertBefore(parent, n, c)
		c = next
	}
	parent.RemoveChild(parent, n)
}

// imageSize reads Obsidian's size at the end of a Markdown image's alt
// text: "![Engelbart|100x145](https://…)" ("External images",
// https://help.obsidian.md/syntax): "|100x145" is no alt text but the
// image's width and height.
func imageSize(n *ast.Image, src []byte) {
	last, ok := n.LastChild().(*ast.Text)
	if !ok {
		return
	}
	v := last.Segment.Value(src)
	i := bytes.LastIndexByte(v, '|')
	if i < 0 {
		return
	}
	w, h, ok := wikilink.Size(string(v[i+1:]))
	if !ok {
		return
	}
	last.Segment = last.Segment.WithStop(last.Segment.Start + i)
	if w > 0 {
		n.SetAttributeString("width", []byte(strconv.Itoa(w)))
	}
	if h > 0 {
		n.SetAttributeString("height", []byte(strconv.Itoa(h)))
	}
}

// altText is an image's alt text as written (its text segments).
func altText(n *ast.Image, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// imageStart is the source offset of an image: its alt text's first
// segment, less the "![" before it.
func imageStart(n *ast.Image, src []byte) int {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return max(t.Segment.Start-2, 0)
		}
	}
	return n.Pos()
}

// external reports whether dest is a link to another site: a URL with a
// scheme and a host ("https://…", "//…"), as Quartz's is-absolute-url
// tells its CrawlLinks.
func external(dest string) bool {
	u, err := url.Parse(dest)
	return err == nil && u.Host != "" && (u.Scheme == "" && strings.HasPrefix(dest, "//") || u.Scheme == "http" || u.Scheme == "https")
}

// newTab makes the link n open in a new tab, without giving the other
// site a handle on this page.
func newTab(n ast.Node) {
	n.SetAttributeString("target", []byte("_blank"))
	n.SetAttributeString("rel", []byte("noopener noreferrer"))
}
