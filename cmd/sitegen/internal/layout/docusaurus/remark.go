package docusaurus

import (
	"fmt"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// remarkBreaksImport finds the names the config gives the remark-breaks
// package: `import remarkBreaks from 'remark-breaks'` or `const
// remarkBreaks = require('remark-breaks')`.
var remarkBreaksImport = regexp.MustCompile(`(?m)^\s*import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]remark-breaks['"]|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"]remark-breaks['"]\s*\)`)

// remarkPlugins reads the docs plugin's remarkPlugins ("Remark plugins
// passed to MDX", https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration)
// from v, the value at where, in the config src: remark-breaks ("turn
// soft line endings (enters) into hard breaks (<br>s)",
// https://github.com/remarkjs/remark-breaks) is applied
// (layout.Markup.HardWraps); any other is named in a warning, as
// sitegen does not run it.
func remarkPlugins(l *layout.Layout, v any, src []byte, where string) {
	list, ok := v.([]any)
	if !ok {
		return
	}
	breaks := map[string]bool{}
	for _, m := range remarkBreaksImport.FindAllSubmatch(src, -1) {
		breaks[string(m[1])+string(m[2])] = true
	}
	for _, e := range list {
		if a, ok := e.([]any); ok && len(a) > 0 { // [plugin, options]
			e = a[0]
		}
		c, ok := e.(jsconfig.Computed)
		if ok && breaks[strings.TrimSpace(c.Text)] {
			l.Markup.HardWraps = true
			l.Read = append(l.Read, where+".remarkPlugins remark-breaks")
			continue
		}
		text, line := fmt.Sprint(e), 0
		if ok {
			text, line = c.Text, c.Line
		}
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s.remarkPlugins: %s is not run by sitegen: what it changes in the docs is not done", l.File, line, where, text))
	}
}
