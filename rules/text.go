package rules

// LowerASCII returns s with the ASCII letters A to Z lowered and every other
// byte as is. The rules packages and the calculators use it, and UpperFirst,
// instead of strings.ToLower and strings.ToUpper: their names and ids are
// ASCII, and the Unicode case tables those functions link would grow the
// WebAssembly module by several kilobytes.
func LowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// UpperFirst returns s with its first byte raised when it is an ASCII letter
// a to z: "attack" → "Attack".
func UpperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	b := []byte(s)
	b[0] -= 'a' - 'A'
	return string(b)
}
