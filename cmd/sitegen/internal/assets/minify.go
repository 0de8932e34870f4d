package assets

import (
	"bytes"
	"fmt"
	"path"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/js"
)

// newMinifier returns the minifier for published stylesheets and scripts.
// Licence comments (/*! ... */) are kept.
func newMinifier() *minify.M {
	m := minify.New()
	m.Add("text/css", &css.Minifier{})
	m.Add("text/javascript", &js.Minifier{})
	return m
}

// Minify returns the minified content of the static file at logical
// path rel when it is a stylesheet or a script, and data unchanged
// otherwise. Files already minified (*.min.js, *.min.css) are left alone.
func Minify(rel string, data []byte) ([]byte, error) {
	var mediatype string
	switch path.Ext(rel) {
	case ".css":
		mediatype = "text/css"
	case ".js", ".mjs":
		mediatype = "text/javascript"
	default:
		return data, nil
	}
	if ext := path.Ext(rel); path.Ext(rel[:len(rel)-len(ext)]) == ".min" {
		return data, nil
	}
	var b bytes.Buffer
	b.Grow(len(data))
	if err := newMinifier().Minify(mediatype, &b, bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("minify %s: %w", rel, err)
	}
	return b.Bytes(), nil
}
