package shortcode

import (
	"bytes"
	"regexp"
	"strings"
)

// call is one shortcode as written: {{< name args >}} or {{% name args %}}.
type call struct {
	name    string
	closing bool              // {{< /name >}}
	angle   bool              // {{< name >}}, not {{% name %}}
	self    bool              // {{< name />}}: self-closing, no inner content
	pos     []string          // positional arguments
	named   map[string]string // key=value arguments
	keys    []string          // the named arguments' keys, as written, in order
	length  int               // bytes of source it spans
}

// callRE matches a shortcode at the start of a text.
var callRE = regexp.MustCompile(`^\{\{([<%])\s*(/?)\s*([A-Za-z][\w./-]*)((?:[^>%"]|"[^"]*")*?)\s*(/?)\s*[>%]\}\}`)

// parseCall reads the shortcode at the start of b, or returns false.
func parseCall(b []byte) (call, bool) {
	m := callRE.FindSubmatch(b)
	if m == nil {
		return call{}, false
	}
	c := call{name: strings.ToLower(string(m[3])), closing: len(m[2]) > 0, named: map[string]string{}, length: len(m[0]), self: len(m[5]) > 0, angle: m[1][0] == '<'}
	for _, tok := range splitArgs(string(m[4])) {
		if k, v, ok := strings.Cut(tok, "="); ok && !strings.HasPrefix(tok, `"`) {
			if _, seen := c.named[strings.ToLower(k)]; !seen {
				c.keys = append(c.keys, k)
			}
			c.named[strings.ToLower(k)] = unquote(v)
		} else {
			c.pos = append(c.pos, unquote(tok))
		}
	}
	return c, true
}

// splitArgs splits shortcode arguments at spaces and line ends outside quotes.
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			cur.WriteByte(c)
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '`':
			quote = c
			cur.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '`' && s[len(s)-1] == '`') {
		return s[1 : len(s)-1]
	}
	return s
}

// arg returns the named argument key, else positional argument i, else "".
func (c call) arg(key string, i int) string {
	if v, ok := c.named[key]; ok {
		return v
	}
	if i >= 0 && i < len(c.pos) {
		return c.pos[i]
	}
	return ""
}

// maxCall bounds the source a shortcode whose arguments span lines is
// looked for in.
const maxCall = 8 << 10

// multiLineCall reads a shortcode at the start of src whose arguments
// span lines ("{{< skill name=\"Carpentry\"\n  maxLevel=\"10\" >}}"), and
// returns it with the bytes it and the spaces after it on its last line
// take (the line end excluded); false unless the call spans lines and
// nothing else follows it on its last line.
func multiLineCall(src []byte) (call, int, bool) {
	if !bytes.HasPrefix(src, []byte("{{<")) && !bytes.HasPrefix(src, []byte("{{%")) {
		return call{}, 0, false
	}
	if len(src) > maxCall {
		src = src[:maxCall]
	}
	c, ok := parseCall(src)
	if !ok || bytes.IndexByte(src[:c.length], '\n') < 0 {
		return call{}, 0, false
	}
	rest := src[c.length:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return call{}, 0, false
	}
	return c, c.length + len(rest), true
}

// textArgRE finds a quoted text= argument in a shortcode as written.
var textArgRE = regexp.MustCompile(`(?i)(?:^|\s)text\s*=\s*(?:"([^"]*)"|` + "`([^`]*)`" + `)`)

// textArg returns where the value of the quoted text= argument lies in
// raw (a shortcode as written), or -1, -1.
func textArg(raw []byte) (start, end int) {
	m := textArgRE.FindSubmatchIndex(raw)
	switch {
	case m == nil:
		return -1, -1
	case m[2] >= 0:
		return m[2], m[3]
	default:
		return m[4], m[5]
	}
}
