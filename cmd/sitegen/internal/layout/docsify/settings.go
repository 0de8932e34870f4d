package docsify

import (
	"bytes"
	"html"
	"path"
	"regexp"
	"strings"
)

// Settings are the settings sitegen reads from the window.$docsify
// object of index.html (https://docsify.js.org/#/configuration):
// name, the website name as it appears in the sidebar (the site's
// title; docsify allows HTML in it, whose text is kept), and homepage,
// the file served as the home page instead of README.md.
type Settings struct {
	Name     string
	Homepage string
}

var tag = regexp.MustCompile(`<[^>]*>`)

// ReadSettings reads the string values of name and homepage at the top
// level of the object literal assigned to window.$docsify in an
// index.html, as text: no script is run, so a value computed by a
// script is not read. It reads at most len(src) bytes once.
func ReadSettings(src []byte) Settings {
	var s Settings
	i := bytes.Index(src, []byte("$docsify"))
	if i < 0 {
		return s
	}
	src = src[i+len("$docsify"):]
	// "= {" (or "= function (vm) { return {": the first "{" after
	// "return" then).
	eq := bytes.IndexByte(src, '=')
	if eq < 0 || len(bytes.TrimSpace(src[:eq])) > 0 {
		return s
	}
	src = src[eq+1:]
	if r := bytes.Index(src, []byte("return")); r >= 0 && bytes.HasPrefix(bytes.TrimSpace(src), []byte("function")) {
		src = src[r:]
	}
	open := bytes.IndexByte(src, '{')
	if open < 0 {
		return s
	}
	src = src[open+1:]
	depth, key, afterColon := 1, "", false
	for i := 0; i < len(src) && depth > 0; {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return s
			}
			i += end + 4
			continue
		case c == '\'' || c == '"' || c == '`':
			str, n := jsString(src[i:])
			i += n
			switch {
			case depth == 1 && afterColon && computed(src[i:]):
				key, afterColon = "", false // '/rules/' + lang + '/README.md': computed by the script
			case depth == 1 && afterColon:
				switch key {
				case "name":
					s.Name = strings.TrimSpace(html.UnescapeString(tag.ReplaceAllString(str, "")))
				case "homepage":
					s.Homepage = str
				}
				key, afterColon = "", false
			case depth == 1 && !afterColon:
				key = str // a quoted key
			}
			continue
		case c == '{' || c == '[' || c == '(':
			depth++
			afterColon = false
		case c == '}' || c == ']' || c == ')':
			depth--
		case c == ':' && depth == 1:
			afterColon = true
			i++
			continue
		case c == ',' && depth == 1:
			key, afterColon = "", false
		case isIdent(c) && depth == 1 && !afterColon:
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			key = string(src[i:j])
			i = j
			continue
		case c > ' ' && depth == 1 && afterColon:
			afterColon = false // a value that is not a string (true, a number, a name)
		}
		i++
	}
	return s
}

// jsString returns the text of the JavaScript string literal at the
// start of b (its quote b[0]; the common escapes undone) and the bytes it
// takes.
func jsString(b []byte) (string, int) {
	q := b[0]
	var out strings.Builder
	for i := 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == q:
			return out.String(), i + 1
		case c == '\\' && i+1 < len(b):
			i++
			switch b[i] {
			case 'n':
				out.WriteByte('\n')
			case 't':
				out.WriteByte('\t')
			default:
				out.WriteByte(b[i])
			}
		case c == '\n' && q != '`':
			return out.String(), i // an unclosed string ends at its line
		default:
			out.WriteByte(c)
		}
	}
	return out.String(), len(b)
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// homeFile returns the content-relative Markdown file a homepage setting
// names ("home.md", "/docs/home.md", "intro" for intro.md), or "" when it
// is README.md (docsify's default), a URL of another site, or leaves the
// folder.
func homeFile(homepage string) string {
	h := strings.TrimSpace(homepage)
	if h == "" || strings.Contains(h, "://") || strings.HasPrefix(h, "//") {
		return ""
	}
	h, _, _ = strings.Cut(h, "?")
	h, _, _ = strings.Cut(h, "#")
	h = path.Clean("/" + h)[1:]
	if h == "" || h == "." {
		return ""
	}
	if path.Ext(h) == "" {
		h += ".md"
	}
	if strings.EqualFold(h, "README.md") {
		return ""
	}
	return h
}

// computed reports whether what follows a string value (rest) makes it
// part of an expression ('a' + b, 'a'.concat(b), cond ? 'a' : 'b').
func computed(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	return len(rest) > 0 && bytes.IndexByte([]byte("+.?[("), rest[0]) >= 0
}
