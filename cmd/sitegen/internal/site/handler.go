package site

import (
	"errors"
	"fmt"
)

// BlockHandler renders fenced code blocks whose info word it is registered
// for in Options.Handlers. A block
//
//	```calc opend6/attack
//	skill = 4D+1
//	```
//
// goes to the handler registered under "calc" with Args ["opend6/attack"]
// and Body "skill = 4D+1\n". Blocks whose info word has no handler render as
// ordinary code blocks.
//
// Handlers are called concurrently for different pages and must be safe
// for concurrent use.
type BlockHandler interface {
	// RenderBlock returns the HTML that replaces the block. The HTML is
	// trusted: it is written as is, whatever the raw-HTML setting. An error
	// fails the build and is reported at the block's position (see
	// BlockError to point inside the body).
	RenderBlock(b *Block) (string, error)
}

// BlockHandlerFunc adapts a function to the BlockHandler interface.
type BlockHandlerFunc func(b *Block) (string, error)

// RenderBlock calls f(b).
func (f BlockHandlerFunc) RenderBlock(b *Block) (string, error) { return f(b) }

// Block is a fenced code block handed to a BlockHandler, with hooks to tell
// the templates what the page needs.
type Block struct {
	// Info is the info word that selected the handler ("calc").
	Info string
	// Args are the remaining words of the info string (["opend6/attack"]).
	Args []string
	// Body is the block's text, each line ending in "\n".
	Body string
	// File is the Markdown file, relative to the source directory
	// ("content/opend6/combat.md").
	File string
	// Line and Col locate the opening fence (1-based).
	Line, Col int
	// PageURL is the root-relative URL of the page being rendered.
	PageURL string
	// Index counts the earlier blocks with the same info string (info word
	// and arguments) on this page, 0 for the first, so handlers can make
	// unique element ids.
	Index int

	page *pageOutput
}

// SetFlag marks the page as having a feature; templates read it with
// Page.Has(flag) (for example "calc" to add calculator markup or styles).
func (b *Block) SetFlag(flag string) {
	if b.page.flags == nil {
		b.page.flags = map[string]bool{}
	}
	b.page.flags[flag] = true
}

// AddScript asks for the static file at logical path name (relative to
// static/, "js/calc.js") to be loaded by the page. The layout emits one
// deferred <script> per distinct name, with its content-hashed URL; a name
// missing from static/ fails the build at this block.
func (b *Block) AddScript(name string) { b.page.addAsset(&b.page.scripts, name, b) }

// AddStyle asks for the stylesheet at logical path name ("css/calc.css")
// to be linked from the page, like AddScript.
func (b *Block) AddStyle(name string) { b.page.addAsset(&b.page.styles, name, b) }

// AssetURL returns the published (content-hashed) URL of the static or
// generated file at logical path name, and whether it exists.
func (b *Block) AssetURL(name string) (string, bool) {
	u, ok := b.page.assets[name]
	return u, ok
}

// BlockError is an error a handler returns to point at a line inside the
// block body instead of at the opening fence.
type BlockError struct {
	// Line is 1-based within Body (1 is the line after the fence).
	Line int
	// Col is 1-based within that line; 0 means the start of the line.
	Col int
	// Err is the underlying problem.
	Err error
}

// Error returns the underlying message with the body position.
func (e *BlockError) Error() string {
	return fmt.Sprintf("block line %d: %v", e.Line, e.Err)
}

// Unwrap returns the underlying error.
func (e *BlockError) Unwrap() error { return e.Err }

// blockErrorPos converts a handler error into a file position.
func blockErrorPos(b *Block, err error) (line, col int, msg string) {
	var be *BlockError
	if errors.As(err, &be) && be.Line > 0 {
		return b.Line + be.Line, max(be.Col, 1), fmt.Sprintf("%s block: %v", b.Info, be.Err)
	}
	return b.Line, b.Col, fmt.Sprintf("%s block: %v", b.Info, err)
}
