// Package content is the sitegen engine's content model and its
// dependency graph: it reads a source directory (site.toml or another
// tool's settings, content/, the layout's rules) into pages — front
// matter and meta, URLs, aliases, wiki names, tags, the navigation tree,
// folders and folder notes, what the tools' rules leave unpublished — and
// resolves every link against them (links, wikilinks, Dataview queries,
// backlinks' data). The graph (graph.go) records what each page read to
// be what it is, so that build and serve can ask what a change touches.
//
// A Site value is one loaded site: Load (content.go) fills it; package
// site wraps it to render, write and serve it.
//
// What content must not do: write anything. It reads the source (under
// the link rule of package srcpath, walk.go) and runs git log for page
// dates (lastmod.go); rendering pages to files, static files, the search
// index, the service worker, the build cache and the destination's swap
// and lock are package site's. It never imports package site.
package content
