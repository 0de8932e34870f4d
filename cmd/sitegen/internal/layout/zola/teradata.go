package zola

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path"
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

// resizeImage is Zola's resize_image(path=…, width=…, height=…, op=…):
// "path: path to the source image. The following directories will be
// searched, in this order: / (the root of the project; i.e. contains
// config.toml), /static, /content, /public, /themes/current-theme/static"
// (https://www.getzola.org/documentation/content/image-processing/).
// sitegen does not resize: the object it returns ("url, static_path,
// width, height, orig_width, orig_height") is the original image's, at the
// URL it is published at, width and height as asked (the original's
// where not given), and a note says so at the template's line.
func (r *teraRun) resizeImage(args map[string]any, line int) (any, error) {
	p, ok := args["path"].(string)
	if !ok || r.read == nil {
		return nil, &teraErr{line, "resize_image() without a path"}
	}
	p = strings.TrimLeft(p, "/")
	// Where the file is and the URL its folder publishes it at; a file
	// of the project's root is published only under static/ or content/.
	var url string
	dirs := []string{"", "static/", "content/", "public/"}
	if r.theme != "" {
		dirs = append(dirs, "themes/"+r.theme+"/static/")
	}
	for _, dir := range dirs {
		if _, err := r.read(dir + p); err != nil {
			continue
		}
		rel := p
		if dir == "" {
			var under bool
			for _, top := range []string{"static/", "content/"} {
				if rest, ok := strings.CutPrefix(p, top); ok {
					rel, under = rest, true
				}
			}
			if !under {
				continue
			}
		}
		url = "/" + rel
		break
	}
	if url == "" {
		return nil, &teraErr{line, fmt.Sprintf("resize_image(path=%q): no such image in the project, static/, content/ or public/", p)}
	}
	width, height := args["width"], args["height"]
	r.notes = append(r.notes, teraNote{line, fmt.Sprintf("resize_image(path=%q): sitegen does not resize images; the original %s is shown", p, url)})
	return map[string]any{"url": url, "static_path": strings.TrimPrefix(url, "/"), "width": width, "height": height, "orig_width": nil, "orig_height": nil}, nil
}
