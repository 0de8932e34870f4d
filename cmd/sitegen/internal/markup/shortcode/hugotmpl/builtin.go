package hugotmpl

// Hugo's built-in shortcodes sitegen has no drawing of its own for
// (https://gohugo.io/content-management/shortcodes/#embedded-shortcodes,
// Hugo 0.111's set; figure, ref, relref and the docs themes' are drawn by
// package shortcode), run as the site's own are when the site has no
// template of that name ("a shortcode template in the project ... takes
// precedence over Hugo's embedded one").
//
//   - highlight: "{{< highlight go >}}code{{< /highlight >}}" highlights the
//     code as a fenced code block of that language is: its output is that
//     block, Markdown (markdownOutput), highlighted as the page's code is.
//   - param: "the value of the given page parameter, else the site
//     parameter" (.Page.Param).
//   - youtube, vimeo, gist, tweet (x), instagram embed another site's
//     player or post with its scripts and frames, which sitegen does not
//     publish (the sanitizer removes them): a link to the video or post
//     stands in for it.
var builtins = map[string]string{
	"highlight": "````{{ .Get 0 }}\n{{ trim (string .InnerDeindent) \"\\n\" | safeHTML }}\n````\n",
	"param":     `{{ with .Get 0 }}{{ $.Page.Param . }}{{ end }}`,
	"youtube": `{{ $id := .Get "id" | default (.Get 0) }}{{ with $id }}<a class="embed-link" href="https://www.youtube.com/watch?v={{ . }}">` +
		`{{ $.Get "title" | default (printf "YouTube video %s" .) }}</a>{{ end }}`,
	"vimeo": `{{ $id := .Get "id" | default (.Get 0) }}{{ with $id }}<a class="embed-link" href="https://vimeo.com/{{ . }}">` +
		`{{ $.Get "title" | default (printf "Vimeo video %s" .) }}</a>{{ end }}`,
	"gist": `{{ with .Get 1 }}<a class="embed-link" href="https://gist.github.com/{{ $.Get 0 }}/{{ . }}">` +
		`Gist {{ $.Get 0 }}/{{ . }}{{ with $.Get 2 }} ({{ . }}){{ end }}</a>{{ end }}`,
	"tweet": `{{ $user := .Get "user" }}{{ $id := .Get "id" | default (.Get 0) }}{{ with $id }}` +
		`<a class="embed-link" href="https://twitter.com/{{ $user | default "i" }}/status/{{ . }}">Post {{ . }}{{ with $user }} by @{{ . }}{{ end }}</a>{{ end }}`,
	"x": `{{ $user := .Get "user" }}{{ $id := .Get "id" }}{{ with $id }}` +
		`<a class="embed-link" href="https://x.com/{{ $user | default "i" }}/status/{{ . }}">Post {{ . }}{{ with $user }} by @{{ . }}{{ end }}</a>{{ end }}`,
	"instagram": `{{ $id := .Get "id" | default (.Get 0) }}{{ with $id }}<a class="embed-link" href="https://www.instagram.com/p/{{ . }}/">Instagram post {{ . }}</a>{{ end }}`,
}

// markdownOutput are the built-ins whose output is Markdown.
var markdownOutput = map[string]bool{"highlight": true}

// MarkdownOutput reports whether the output of the shortcode name is
// Markdown whatever its notation: a built-in's that makes Markdown
// (highlight's fenced block) when the site has no template of its own.
func (s *Set) MarkdownOutput(name string) bool {
	return s != nil && markdownOutput[name] && s.builtin[name]
}
