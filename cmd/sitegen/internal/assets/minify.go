package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"runtime/debug"
	"strings"

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

// minifierModule is the module of the minifier, whose version names the
// cache's entries (Cache.Minified).
const minifierModule = "github.com/tdewolff/minify/v2"

// minifierVersion is the version of the minifier built in ("devel" when
// the build says none), so that a binary with another minifier never
// takes an entry this one made.
func minifierVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == minifierModule {
				if d.Replace != nil {
					d = d.Replace
				}
				return strings.TrimPrefix(d.Version, "v")
			}
		}
	}
	return "devel"
}

// Minified is Minify, from the cache when a build minified the same bytes
// under the same name's media type with the same minifier: every build
// publishes the theme's stylesheets and scripts, which seldom change.
func (c Cache) Minified(rel string, data []byte) ([]byte, error) {
	mt := mediaType(rel)
	if mt == "" {
		return data, nil
	}
	sum := sha256.Sum256(data)
	kind := strings.TrimPrefix(mt, "text/")
	key := fmt.Sprintf("minified/%s.%s.%s", hex.EncodeToString(sum[:]), kind, minifierVersion())
	return c.Get(key, func() ([]byte, error) { return Minify(rel, data) })
}
