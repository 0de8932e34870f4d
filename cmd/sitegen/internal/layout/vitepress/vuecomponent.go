package vitepress

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// A Vue component written into a page: "Each Markdown file is first
// compiled into HTML and then passed on as a Vue component ... The
// root-level <script> and <style> tags in Markdown files work just like
// they do in Vue SFC, including <script setup>"
// (https://vitepress.dev/guide/using-vue). A calculator written so (a
// <script setup> and a <form> whose inputs are bound with v-model,
// TheoristMC/worlds-frvr-wiki trigger-scripts/jump.md) is an application
// sitegen does not run: its script and the HTML blocks bound to it are
// removed whole, with one warning naming them, so that no stray text of
// the form (a button's label) is left on the page.

// vueScript opens a root-level <script> block (CommonMark's HTML block
// type 1, which ends at the line holding </script>).
var vueScript = regexp.MustCompile(`^<script(\s|>|$)`)

// vueBinding is an attribute only Vue reads: a directive (v-model,
// v-on:, v-bind:, v-if, …) or its shorthand (@event, :prop).
var vueBinding = regexp.MustCompile(`<[A-Za-z][^>]*\s(v-[a-z]+|@[A-Za-z]|:[A-Za-z])[^\s=>]*\s*=`)

// htmlStart opens an HTML block of type 6 or 7: a tag at the start of a
// line, ended by a blank line.
var htmlStart = regexp.MustCompile(`^</?([A-Za-z][A-Za-z0-9-]*)[\s/>]|^</?([A-Za-z][A-Za-z0-9-]*)$`)

// dropVue blanks the Vue component of a page (see above): each root-level
// <script> block, and each HTML block that carries a Vue binding. The
// lines do not move (each removed line is left empty). The one warning,
// at the first removed line, names each part removed.
func dropVue(src []byte) ([]byte, []layout.Problem) {
	if !bytes.Contains(src, []byte("<script")) && !vueBinding.Match(src) {
		return src, nil
	}
	lines := bytes.SplitAfter(src, []byte("\n"))
	_, body := frontMatter(src)
	start := bytes.Count(src[:len(src)-len(body)], []byte("\n"))
	var parts []string
	first := 0
	blank := func(from, to int) {
		for i := from; i < to; i++ {
			nl := bytes.HasSuffix(lines[i], []byte("\n"))
			lines[i] = nil
			if nl {
				lines[i] = []byte("\n")
			}
		}
		if first == 0 {
			first = from + 1
		}
	}
	fence := ""
	for i := start; i < len(lines); i++ {
		text := bytes.TrimSpace(lines[i])
		indent := len(lines[i]) - len(bytes.TrimLeft(lines[i], " "))
		switch {
		case fence != "":
			if bytes.HasPrefix(text, []byte(fence)) && len(bytes.Trim(text, fence[:1])) == 0 {
				fence = ""
			}
		case indent >= 4:
		case bytes.HasPrefix(text, []byte("```")) || bytes.HasPrefix(text, []byte("~~~")):
			fence = string(text[:3])
		case vueScript.Match(text):
			end := i
			for end < len(lines) && !bytes.Contains(lines[end], []byte("</script>")) {
				end++
			}
			end = min(end+1, len(lines))
			parts = append(parts, fmt.Sprintf("<%s> at line %d", scriptName(text), i+1))
			blank(i, end)
			i = end - 1
		case htmlStart.Match(text):
			end := i
			for end < len(lines) && len(bytes.TrimSpace(lines[end])) > 0 {
				end++
			}
			block := bytes.Join(lines[i:end], nil)
			if !vueBinding.Match(block) {
				i = end - 1
				continue
			}
			parts = append(parts, fmt.Sprintf("%s at line %d", blockName(block), i+1))
			blank(i, end)
			i = end - 1
		}
	}
	if parts == nil {
		return src, nil
	}
	return bytes.Join(lines, nil), []layout.Problem{{Line: first, Col: 1, Warning: true, Msg: fmt.Sprintf(
		"a Vue component (%s) is not shown: VitePress runs it as Vue (https://vitepress.dev/guide/using-vue); sitegen runs no Vue, so it is removed whole",
		strings.Join(parts, ", "))}}
}

// scriptName is "script setup" or "script" for a <script …> line.
func scriptName(open []byte) string {
	if bytes.Contains(open, []byte(" setup")) {
		return "script setup"
	}
	return "script"
}

// blockName names an HTML block by its element, and the form inside it
// when its element is not the form: "<div> holding a <form>".
func blockName(block []byte) string {
	m := htmlStart.FindSubmatch(bytes.TrimSpace(block))
	tag := string(m[1]) + string(m[2])
	if tag != "form" && bytes.Contains(block, []byte("<form")) {
		return "<" + tag + "> holding a <form>"
	}
	return "<" + tag + ">"
}
