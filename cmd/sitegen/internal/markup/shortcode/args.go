package shortcode

import (
	"regexp"
	"strings"
)

// call is one shortcode as written: {{< name args >}} or {{% name args %}}.
type call struct {
	name    string
	closing bool              // {{< /name >}}
	pos     []string          // positional arguments
	named   map[string]string // key=value arguments
	length  int               // bytes of source it spans
}

// callRE matches a shortcode at the start of a text.
var callRE = regexp.MustCompile(`^\{\{([<%])\s*(/?)\s*([A-Za-z][\w./-]*)((?:[^>%"]|"[^"]*")*?)\s*/?\s*[>%]\}\}`)

// parseCall reads the shortcode at the start of b, or returns false.
func parseCall(b []byte) (call, bool) {
	m := callRE.FindSubmatch(b)
	if m == nil {
		return call{}, false
	}
	c := call{name: strings.ToLower(string(m[3])), closing: len(m[2]) > 0, named: map[string]string{}, length: len(m[0])}
	for _, tok := range splitArgs(string(m[4])) {
		if k, v, ok := strings.Cut(tok, "="); ok && !strings.HasPrefix(tok, `"`) {
			c.named[strings.ToLower(k)] = unquote(v)
		} else {
			c.pos = append(c.pos, unquote(tok))
		}
	}
	return c, true
}

// splitArgs splits shortcode arguments at spaces outside quotes.
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
		case c == ' ' || c == '\t':
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
