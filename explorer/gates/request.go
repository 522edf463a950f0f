package gates

import "github.com/kubexplorer/kubexplorer/explorer"

// DecodeCommon reads the request as the page sends it, without
// encoding/json (explorer.CommonDecoder); FuzzEvaluateRequestDecodeCommon
// checks that it agrees with encoding/json wherever it accepts.
func (q *EvaluateRequest) DecodeCommon(data []byte) bool {
	var out EvaluateRequest
	r := explorer.NewCommonJSON(data)
	ok := r.Object(func(key string) bool {
		switch key {
		case "release":
			return r.String(&out.Release)
		case "commandLine":
			return r.String(&out.CommandLine)
		case "args":
			return r.Strings(&out.Args)
		case "config":
			out.Config = &File{}
			return out.Config.read(r)
		case "configDir":
			return r.String(&out.ConfigDir)
		case "dropIns":
			out.DropIns = []File{}
			return r.Array(func() bool {
				var f File
				ok := f.read(r)
				out.DropIns = append(out.DropIns, f)
				return ok
			})
		case "env":
			return r.StringMap(&out.Env)
		case "dynamicCheckpoint":
			out.DynamicCheckpoint = &File{}
			return out.DynamicCheckpoint.read(r)
		case "targetRelease":
			return r.String(&out.TargetRelease)
		}
		return false
	}) && r.End()
	if ok {
		*q = out
	}
	return ok
}

// read reads a file's object.
func (f *File) read(r *explorer.CommonJSON) bool {
	return r.Object(func(key string) bool {
		switch key {
		case "path":
			return r.String(&f.Path)
		case "content":
			return r.String(&f.Content)
		}
		return false
	})
}
