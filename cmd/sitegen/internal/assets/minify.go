package assets

import (
	"bytes"
	"fmt"
	"path"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/js"
)

// TransformMax is the size of the largest file sitegen changes in memory
// to publish it: a stylesheet or script is minified, and a hashed asset
// precompressed (.br, .gz), only up to this size. A larger one is
// published as it is, copied without being held in memory (Output.Copy).
const TransformMax = 16 << 20

// newMinifier returns the minifier for published stylesheets and scripts.
// Licence comments (/*! ... */) are kept.
func newMinifier() *minify.M {
	m := minify.New()
	m.Add("text/css", &css.Minifier{})
	m.Add("text/javascript", &js.Minifier{})
	return m
}

// Minifies reports whether Minify changes the file at logical path rel:
// a stylesheet or a script not already minified (*.min.js, *.min.css).
func Minifies(rel string) bool { return mediaType(rel) != "" }

// mediaType is the minifier's media type of the file at logical path rel,
// "" for a file Minify leaves alone.
func mediaType(rel string) string {
	ext := path.Ext(rel)
	if path.Ext(rel[:len(rel)-len(ext)]) == ".min" {
		return ""
	}
	switch ext {
	case ".css":
		return "text/css"
	case ".js", ".mjs":
		return "text/javascript"
	}
	return ""
}

// Minify returns the minified content of the static file at logical
// path rel when Minifies(rel), and data unchanged otherwise.
func Minify(rel string, data []byte) ([]byte, error) {
	mediatype := mediaType(rel)
	if mediatype == "" {
		return data, nil
	}
	var b bytes.Buffer
	b.Grow(len(data))
	if err := newMinifier().Minify(mediatype, &b, bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("minify %s: %w", rel, err)
	}
	return b.Bytes(), nil
}
