// A hand-written miniature of an ODS dialect (tests/cli/ops_coverage.sh): two dialects whose
// op base classes name them through a template argument, one derived op class.
def Mini_Dialect : Dialect {
  let name = "ttng";
}
def Other_Dialect : Dialect { let name = "nvws"; }
