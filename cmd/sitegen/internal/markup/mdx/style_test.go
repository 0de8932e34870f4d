package mdx

import "testing"

// TestStyleCSS: a JSX style object literal is the CSS React DOM renders
// ("style accepts a JavaScript object with camelCased properties rather
// than a CSS string"; "React will automatically append a 'px' suffix to
// certain numeric inline style properties",
// https://legacy.reactjs.org/docs/dom-elements.html#style); anything else
// is not read.
func TestStyleCSS(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"{{ display: 'flex', justifyContent: 'space-between'}}", "display:flex;justify-content:space-between"},
		{`{{color: "#58180D", marginBottom: '1rem',}}`, "color:#58180D;margin-bottom:1rem"},
		{"{{ padding: 4, margin: 0, zIndex: 2, lineHeight: 1.5, opacity: .5, width: -3 }}", "padding:4px;margin:0;z-index:2;line-height:1.5;opacity:0.5;width:-3px"},
		{"{{ 'font-size': ' 12px ', color: '' }}", "font-size:12px"},
		{"{{ msTransform: 'none', WebkitUserSelect: 'none', '--accent': 'red' }}", "-ms-transform:none;-webkit-user-select:none;--accent:red"},
		{"{{ gap: `1rem` }}", "gap:1rem"},
		{"{accent}", ""},
		{"{{...base, color: 'red'}}", ""},
		{"{{ color: pick('red') }}", ""},
		{"{{ [key]: 'red' }}", ""},
		{"{{ width: `${w}px` }}", ""},
		{"{{ color: 'red; background: url(x)' }}", ""},
	} {
		if got := styleCSS(tc.expr); got != tc.want {
			t.Errorf("styleCSS(%s) = %q, want %q", tc.expr, got, tc.want)
		}
	}
}
