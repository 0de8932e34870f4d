package zola

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif"  // get_image_metadata reads GIF sizes
	_ "image/jpeg" // and JPEG
	_ "image/png"  // and PNG
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// teraMaxData is the most bytes load_data reads of one file.
const teraMaxData = 4 << 20

// call runs the function name: load_data and range.
func (r *teraRun) call(name string, args map[string]any, line int) (any, error) {
	switch name {
	case "load_data":
		return r.loadData(args, line)
	case "get_page", "get_section":
		return r.getContent(name, args, line)
	case "get_url":
		// Zola: "Gets the permalink for the given path. If the path
		// starts with @/, it will be treated as an internal link to a
		// Markdown file, starting from the root content directory as
		// well as validated"; "This can also be used to get the permalink
		// for a static file ... get_url(path="css/app.css") ... By
		// default, the link will not have a trailing slash". A page's URL
		// is the one sitegen gives it, from the site's root; cachebust (a
		// hash of the file) and lang are not computed.
		p, ok := args["path"].(string)
		if !ok || truthy(args["cachebust"]) || args["lang"] != nil {
			return nil, &teraErr{line, "get_url() without a path, or with cachebust or lang"}
		}
		if rel, internal := strings.CutPrefix(p, "@/"); internal {
			rel, frag, _ := strings.Cut(rel, "#")
			if r.pageURL == nil {
				return nil, &teraErr{line, "get_url() of a page"}
			}
			u, ok := r.pageURL(rel)
			if !ok {
				return nil, &teraErr{line, fmt.Sprintf("get_url(path=%q): no such page in content/", p)}
			}
			if frag != "" {
				u += "#" + frag
			}
			return u, nil
		}
		u := "/" + strings.TrimLeft(p, "/")
		if truthy(args["trailing_slash"]) && !strings.HasSuffix(u, "/") {
			u += "/"
		}
		return u, nil
	case "trans":
		// Zola: "Gets the translation of the given key, for the
		// default_language, the language given or the active language:
		// trans(key="title"), trans(key="title", lang="fr")". A key the
		// settings do not translate is an error in Zola's build too.
		k, ok := args["key"].(string)
		if !ok {
			return nil, &teraErr{line, "trans() without a key"}
		}
		lang := r.defLang
		if l, given := args["lang"]; given {
			lang = toStr(l)
		}
		t, ok := r.trans[lang][k]
		if !ok {
			return nil, &teraErr{line, fmt.Sprintf("trans(key=%q, lang=%q): config.toml has no such translation", k, lang)}
		}
		return t, nil
	case "resize_image":
		return r.resizeImage(args, line)
	case "get_image_metadata":
		return r.getImageMetadata(args, line)
	case "range":
		// Tera: "range(end=5), range(start=1, end=5), range(end=10,
		// step_by=2)": the integers from start (0) up to end, not included.
		end, ok := args["end"].(int64)
		start, _ := args["start"].(int64)
		step, sok := args["step_by"].(int64)
		if !sok {
			step = 1
		}
		if !ok || step <= 0 {
			return nil, &teraErr{line, "range() without a whole end or with a step_by not above 0"}
		}
		if (end-start)/step > teraMaxSteps {
			return nil, &teraErr{line, fmt.Sprintf("range() of more than %d numbers", teraMaxSteps)}
		}
		var l []any
		for i := start; i < end; i += step {
			l = append(l, i)
		}
		return l, nil
	}
	return nil, &teraErr{line, "the function " + name + "()"}
}

// loadData is Zola's load_data(path=…, format=…, required=…) of a file
// of the site ("Loads data from a file, URL, or string literal. Supported
// file types include toml, json, csv, bibtex, yaml/yml, and xml ... Any
// other file type will be loaded as plain text"), found as Zola's "File
// Searching Logic" finds it: "@/" is content/, a leading "/" trimmed, then
// the path, static/ + path, content/ + path; "It will error if the path is
// outside the Zola directory". url= (remote content) is not fetched, and
// literal= is read as its format says.
func (r *teraRun) loadData(args map[string]any, line int) (any, error) {
	format := ""
	if f, ok := args["format"]; ok {
		format = toStr(f)
	}
	if lit, ok := args["literal"]; ok {
		return parseData(toStr(lit), "literal", cmpOr(format, "plain"), line)
	}
	if _, ok := args["url"]; ok {
		return nil, &teraErr{line, "load_data(url=…): remote data, which sitegen does not fetch"}
	}
	p, ok := args["path"].(string)
	if !ok {
		return nil, &teraErr{line, "load_data() without a path"}
	}
	rel := p
	if strings.HasPrefix(rel, "@/") {
		rel = "content/" + rel[2:]
	}
	rel = strings.TrimLeft(rel, "/")
	clean := path.Clean(rel)
	if clean == ".." || strings.HasPrefix(clean, "../") || clean == "." {
		return nil, &teraErr{line, fmt.Sprintf("load_data(path=%q): a path outside the site", p)}
	}
	var data []byte
	found := ""
	for _, c := range []string{clean, "static/" + clean, "content/" + clean} {
		if r.read == nil {
			break
		}
		if b, err := r.read(c); err == nil {
			data, found = b, c
			break
		}
	}
	if found == "" {
		if req, ok := args["required"].(bool); ok && !req {
			return nil, nil
		}
		return nil, &teraErr{line, fmt.Sprintf("load_data(path=%q): no such file in the site", p)}
	}
	if len(data) > teraMaxData {
		return nil, &teraErr{line, fmt.Sprintf("load_data(path=%q): longer than %d MB", p, teraMaxData>>20)}
	}
	if format == "" {
		format = strings.TrimPrefix(path.Ext(found), ".")
	}
	return parseData(string(data), found, format, line)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// parseData reads data of file in format, as Zola loads it: toml, json,
// yaml a structure; csv {"headers": […], "records": [[…], …]}; anything
// else plain text (xml and bibtex are not read: a teraErr).
func parseData(data, file, format string, line int) (any, error) {
	bad := func(err error) error {
		return &teraErr{line, fmt.Sprintf("load_data: %s is not valid %s: %v", file, format, err)}
	}
	var v any
	switch strings.ToLower(format) {
	case "toml":
		var m map[string]any
		md, err := toml.Decode(data, &m)
		if err != nil {
			return nil, bad(err)
		}
		tomlOrder(m, md)
		v = m
	case "json":
		var err error
		if v, err = jsonOrdered(data); err != nil {
			return nil, bad(err)
		}
	case "yaml", "yml":
		var err error
		if v, err = yamlOrdered(data); err != nil {
			return nil, bad(err)
		}
	case "csv":
		rows, err := csv.NewReader(bytes.NewReader([]byte(data))).ReadAll()
		if err != nil {
			return nil, bad(err)
		}
		out := map[string]any{"headers": []any{}, "records": []any{}}
		for i, row := range rows {
			l := make([]any, len(row))
			for j, c := range row {
				l[j] = c
			}
			if i == 0 {
				out["headers"] = l
			} else {
				out["records"] = append(out["records"].([]any), l)
			}
		}
		return out, nil
	case "xml", "bibtex":
		return nil, &teraErr{line, "load_data of " + format + ", which sitegen does not read"}
	default:
		return data, nil
	}
	return normalize(v), nil
}

// normalize turns decoded data into the template's values: whole numbers
// int64, other numbers float64, tables map[string]any, lists []any, dates
// their text.
func normalize(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k != teraKeyOrder {
				v[k] = normalize(x)
			}
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[fmt.Sprint(k)] = normalize(x)
		}
		return m
	case []map[string]any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = normalize(x)
		}
		return l
	case []any:
		for i, x := range v {
			v[i] = normalize(x)
		}
		return v
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return n
		}
		f, _ := v.Float64()
		return f
	case int:
		return int64(v)
	case uint64:
		return int64(v)
	case time.Time:
		return v.Format(time.RFC3339)
	}
	return v
}

// findFile is Zola's search_for_file, where resize_image and
// get_image_metadata look for their path
// (https://www.getzola.org/documentation/content/image-processing/: "The
// following directories will be searched, in this order: / (the root of
// the project; i.e. contains config.toml), /static, /content, /public,
// /themes/current-theme/static"; "@/" is content/): the project-relative
// file, its bytes, and the URL it is published at ("" for a file sitegen
// does not publish: one of the project's root outside static/ and
// content/); ok false when there is none.
func (r *teraRun) findFile(p string) (file string, data []byte, url string, ok bool) {
	if r.read == nil {
		return "", nil, "", false
	}
	if rest, at := strings.CutPrefix(p, "@/"); at {
		p = "content/" + rest
	}
	p = strings.TrimLeft(p, "/")
	dirs := []string{"", "static/", "content/", "public/"}
	if r.theme != "" {
		dirs = append(dirs, "themes/"+r.theme+"/static/")
	}
	for _, dir := range dirs {
		b, err := r.read(dir + p)
		if err != nil {
			continue
		}
		rel := p
		if dir == "" {
			rel = ""
			for _, top := range []string{"static/", "content/"} {
				if rest, ok := strings.CutPrefix(p, top); ok {
					rel = rest
				}
			}
		}
		if rel != "" {
			url = "/" + rel
		}
		return dir + p, b, url, true
	}
	return "", nil, "", false
}

// imageMeta is Zola's read_image_metadata of the image file named file
// whose bytes are b: "a map containing width, height, format, and mime.
// The format returned is the most common file extension for the file
// format" (https://www.getzola.org/documentation/templates/overview/#get-image-metadata).
// Go's decoders read PNG, JPEG and GIF, and an SVG's width and height
// (else its viewBox) are read from its root element; ok false for the
// other formats Zola reads (WebP, BMP, AVIF…).
func imageMeta(file string, b []byte) (m map[string]any, ok bool) {
	if strings.EqualFold(path.Ext(file), ".svg") {
		w, h, ok := svgSize(b)
		if !ok {
			return nil, false
		}
		return map[string]any{"width": w, "height": h, "format": "svg", "mime": "text/svg+xml"}, true
	}
	c, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, false
	}
	// The image crate's first extension of the format ("jpg" for JPEG)
	// and its MIME type.
	ext := map[string]string{"png": "png", "jpeg": "jpg", "gif": "gif"}[format]
	mime := "image/" + format
	if ext == "" {
		return nil, false
	}
	return map[string]any{"width": int64(c.Width), "height": int64(c.Height), "format": ext, "mime": mime}, true
}

// svgRoot is the start of an SVG's root element.
var svgRoot = regexp.MustCompile(`(?s)<svg\b[^>]*>`)

// svgAttr is a width, height or viewBox attribute.
var svgAttr = regexp.MustCompile(`\s(width|height|viewBox)\s*=\s*["']([^"']*)["']`)

// svgSize is an SVG's size as Zola's svg_metadata reads it: its width
// and height attributes (a number, px or none), else its viewBox's
// width and height; whole pixels.
func svgSize(b []byte) (w, h int64, ok bool) {
	root := svgRoot.Find(b)
	if root == nil {
		return 0, 0, false
	}
	attr := map[string]string{}
	for _, m := range svgAttr.FindAllSubmatch(root, -1) {
		attr[string(m[1])] = strings.TrimSpace(string(m[2]))
	}
	num := func(s string) (int64, bool) {
		f, err := strconv.ParseFloat(strings.TrimSuffix(s, "px"), 64)
		return int64(f), err == nil && f > 0
	}
	if w, okw := num(attr["width"]); okw {
		if h, okh := num(attr["height"]); okh {
			return w, h, true
		}
	}
	if f := strings.FieldsFunc(attr["viewBox"], func(r rune) bool { return r == ' ' || r == ',' }); len(f) == 4 {
		w, okw := num(f[2])
		h, okh := num(f[3])
		return w, h, okw && okh
	}
	return 0, 0, false
}

// getImageMetadata is Zola's get_image_metadata(path=…, allow_missing=…):
// "path: mandatory"; "allow_missing: optional, true or false, defaults to
// false. Whether a missing file should raise an error or not" (a missing
// one with allow_missing gives null). An image whose size sitegen cannot
// read gives its format from its extension, width and height null, and a
// note at the template's line.
func (r *teraRun) getImageMetadata(args map[string]any, line int) (any, error) {
	p, ok := args["path"].(string)
	if !ok {
		return nil, &teraErr{line, "get_image_metadata() without a path"}
	}
	file, b, _, found := r.findFile(p)
	if !found {
		if allow, _ := args["allow_missing"].(bool); allow {
			return nil, nil
		}
		return nil, &teraErr{line, fmt.Sprintf("get_image_metadata(path=%q): no such image in the project, static/, content/ or public/", p)}
	}
	if m, ok := imageMeta(file, b); ok {
		return m, nil
	}
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(file), "."))
	r.notes = append(r.notes, teraNote{line, fmt.Sprintf("get_image_metadata(path=%q): sitegen cannot read the size of this image; width and height are empty", p)})
	return map[string]any{"width": nil, "height": nil, "format": ext, "mime": nil}, nil
}

// resizeImage is Zola's resize_image(path=…, width=…, height=…, op=…):
// "path: path to the source image", searched as findFile does
// (https://www.getzola.org/documentation/content/image-processing/).
// sitegen does not resize: the object it returns ("url, static_path,
// width, height, orig_width, orig_height") is the original image's, at the
// URL it is published at, orig_width and orig_height its size where
// imageMeta reads it, width and height as asked (for fit_width and
// fit_height, the other side in proportion; the original's where not
// given), and a note says so at the template's line.
func (r *teraRun) resizeImage(args map[string]any, line int) (any, error) {
	p, ok := args["path"].(string)
	if !ok || r.read == nil {
		return nil, &teraErr{line, "resize_image() without a path"}
	}
	file, b, url, found := r.findFile(p)
	if !found || url == "" {
		return nil, &teraErr{line, fmt.Sprintf("resize_image(path=%q): no such image in the project, static/, content/ or public/", strings.TrimLeft(p, "/"))}
	}
	width, height := args["width"], args["height"]
	var ow, oh any
	if m, ok := imageMeta(file, b); ok {
		ow, oh = m["width"], m["height"]
		w0, h0 := m["width"].(int64), m["height"].(int64)
		w, wok := width.(int64)
		h, hok := height.(int64)
		switch op, _ := args["op"].(string); {
		case op == "fit_width" && wok && w0 > 0:
			height = int64(float64(h0)*float64(w)/float64(w0) + 0.5)
		case op == "fit_height" && hok && h0 > 0:
			width = int64(float64(w0)*float64(h)/float64(h0) + 0.5)
		}
		if width == nil {
			width = w0
		}
		if height == nil {
			height = h0
		}
	}
	r.notes = append(r.notes, teraNote{line, fmt.Sprintf("resize_image(path=%q): sitegen does not resize images; the original %s is shown", strings.TrimLeft(p, "/"), url)})
	return map[string]any{"url": url, "static_path": strings.TrimPrefix(url, "/"), "width": width, "height": height, "orig_width": ow, "orig_height": oh}, nil
}
