package encounter

import "strings"

// statblocks returns the bodies of the ```statblock blocks of a note's
// Markdown, in order: fenced blocks (``` or ~~~, three or more, indented
// at most three spaces) whose info word is "statblock"; a block inside
// another fence (a ````yaml example of one) is not one; one left open
// runs to the end.
func statblocks(src []byte) []string {
	var out []string
	var body strings.Builder
	var fence string // the open fence's characters, "" outside one
	in := false      // the open fence is a statblock
	for s := string(src); s != ""; {
		line, rest, _ := strings.Cut(s, "\n")
		s = rest
		t := strings.TrimRight(line, "\r")
		trimmed := strings.TrimLeft(t, " ")
		if len(t)-len(trimmed) > 3 {
			if in {
				body.WriteString(t + "\n")
			}
			continue
		}
		if fence == "" {
			if f := fenceOf(trimmed); f != "" {
				fence = f
				info := strings.Fields(trimmed[len(f):])
				in = len(info) > 0 && info[0] == "statblock" && !strings.Contains(trimmed[len(f):], f[:1])
				body.Reset()
			}
			continue
		}
		if f := fenceOf(trimmed); f != "" && f[0] == fence[0] && len(f) >= len(fence) && strings.TrimSpace(trimmed[len(f):]) == "" {
			if in {
				out = append(out, body.String())
			}
			fence, in = "", false
			continue
		}
		if in {
			body.WriteString(t + "\n")
		}
	}
	if in { // a fence left open runs to the end of the note
		out = append(out, body.String())
	}
	return out
}

// fenceOf is the run of three or more backticks or tildes s starts with.
func fenceOf(s string) string {
	if s == "" || (s[0] != '`' && s[0] != '~') {
		return ""
	}
	n := 0
	for n < len(s) && s[n] == s[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return s[:n]
}
