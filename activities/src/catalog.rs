//! The vehicle catalog behind the description lookup: year → make → model → style, each style with
//! a representative ("mock") VIN. Generated from NHTSA vPIC by `scripts/catalog/build.sh` into
//! `data/catalog/vehicles.tsv.gz` (see data/README.md for the derivation and its limits).
//!
//! Everything is held in memory (about 100k styles, a few MB) and indexed once at start, so a list
//! costs a map lookup and a mock VIN resolves in one hash lookup.

use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};

/// The file, relative to the data directory.
pub const CATALOG_FILE: &str = "catalog/vehicles.tsv.gz";

/// One style of a model-year and its representative VIN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    pub name: String,
    /// The member-facing body label (`Sedan`, `SUV`, `Pickup`, ...).
    pub body: String,
    pub mock_vin: String,
}

/// What a mock VIN stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub year: u16,
    pub make: String,
    pub model: String,
    pub style: String,
    pub body: String,
}

type Models = BTreeMap<String, Vec<Style>>;

/// The loaded catalog.
#[derive(Debug, Default)]
pub struct Catalog {
    /// year → make → model → styles; makes and models keep vPIC's spelling as the catalog writes it.
    tree: BTreeMap<u16, BTreeMap<String, Models>>,
    /// mock VIN → (year, make, model, style index).
    by_vin: HashMap<String, (u16, String, String, usize)>,
    bodies: Vec<String>,
}

impl Catalog {
    /// Reads `data/catalog/vehicles.tsv.gz`.
    pub fn load(data_dir: &Path) -> anyhow::Result<Self> {
        let path = data_dir.join(CATALOG_FILE);
        let file = std::fs::File::open(&path).with_context(|| format!("opening {}", path.display()))?;
        let mut text = String::new();
        flate2::read::GzDecoder::new(file).read_to_string(&mut text).with_context(|| format!("reading {}", path.display()))?;
        Self::parse(&text).with_context(|| format!("in {}", path.display()))
    }

    /// Parses the catalog's TSV: `year make model style body vin`, `#` comment lines.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let mut catalog = Self::default();
        let mut bodies = std::collections::BTreeSet::new();
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [year, make, model, style, body, vin] = fields[..] else {
                bail!("line {}: expected 6 tab-separated fields", n + 1);
            };
            let year: u16 = year.parse().with_context(|| format!("line {}: year {year:?}", n + 1))?;
            let parsed = coverline_domain::Vin::parse(vin).map_err(|e| anyhow::anyhow!("line {}: VIN {vin}: {}", n + 1, e.message))?;
            if !parsed.has_valid_check_digit() {
                bail!("line {}: VIN {vin}: the check digit is wrong (a mock VIN is computed, so it is always right)", n + 1);
            }
            let styles = catalog.tree.entry(year).or_default().entry(make.to_string()).or_default().entry(model.to_string()).or_default();
            if catalog.by_vin.insert(parsed.as_str().to_string(), (year, make.to_string(), model.to_string(), styles.len())).is_some() {
                bail!("line {}: mock VIN {vin} appears twice", n + 1);
            }
            styles.push(Style { name: style.to_string(), body: body.to_string(), mock_vin: vin.to_string() });
            bodies.insert(body.to_string());
        }
        catalog.bodies = bodies.into_iter().collect();
        Ok(catalog)
    }

    /// Model years, newest first.
    pub fn years(&self) -> Vec<u16> {
        self.tree.keys().rev().copied().collect()
    }

    /// Makes of a model year, alphabetical (ignoring case); empty for an unknown year.
    pub fn makes(&self, year: u16) -> Vec<&str> {
        let mut makes: Vec<&str> = self.tree.get(&year).map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default();
        makes.sort_by_key(|m| m.to_lowercase());
        makes
    }

    /// Models of a make in a year; empty when unknown.
    pub fn models(&self, year: u16, make: &str) -> Vec<&str> {
        let mut models: Vec<&str> = self.models_of(year, make).map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default();
        models.sort_by_key(|m| m.to_lowercase());
        models
    }

    /// Styles of a model-year; empty when unknown.
    pub fn styles(&self, year: u16, make: &str, model: &str) -> Vec<&str> {
        self.styles_of(year, make, model).map(|s| s.iter().map(|s| s.name.as_str()).collect()).unwrap_or_default()
    }

    /// The member-facing body labels in the catalog.
    pub fn bodies(&self) -> &[String] {
        &self.bodies
    }

    /// The representative VIN of a description; `None` when the catalog has no such style.
    pub fn mock_vin(&self, year: u16, make: &str, model: &str, style: &str) -> Option<&str> {
        self.styles_of(year, make, model)?.iter().find(|s| s.name.eq_ignore_ascii_case(style.trim())).map(|s| s.mock_vin.as_str())
    }

    /// What a mock VIN stands for; `None` for any other VIN.
    pub fn describe(&self, vin: &str) -> Option<Described> {
        let (year, make, model, index) = self.by_vin.get(vin)?;
        let style = &self.tree[year][make][model][*index];
        Some(Described { year: *year, make: make.clone(), model: model.clone(), style: style.name.clone(), body: style.body.clone() })
    }

    /// Number of styles.
    pub fn len(&self) -> usize {
        self.by_vin.len()
    }

    /// True when the catalog holds no style.
    pub fn is_empty(&self) -> bool {
        self.by_vin.is_empty()
    }

    /// Makes and models are matched ignoring case (a member's browser may send `HONDA`).
    fn models_of(&self, year: u16, make: &str) -> Option<&Models> {
        get_ignoring_case(self.tree.get(&year)?, make)
    }

    fn styles_of(&self, year: u16, make: &str, model: &str) -> Option<&Vec<Style>> {
        get_ignoring_case(self.models_of(year, make)?, model)
    }
}

/// `map[key]` with `key` trimmed, exact spelling first, else ignoring ASCII case.
fn get_ignoring_case<'a, V>(map: &'a BTreeMap<String, V>, key: &str) -> Option<&'a V> {
    let key = key.trim();
    map.get(key).or_else(|| map.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# year\tmake\tmodel\tstyle\tbody\tvin\n\
        2020\tHonda\tAccord\tEX 1.5L Sedan\tSedan\t19XCV1F4XL0000000\n\
        2020\tHonda\tAccord\tLX 1.5L Sedan\tSedan\t19XCV1F12L0000000\n\
        2020\tHonda\tCivic\tLX 2.0L Sedan\tSedan\t2HGFC2F69L0000000\n\
        2020\tAcura\tTLX\tBase 2.4L Sedan\tSedan\t19UUB1F36L0000000\n\
        2019\tsmart\tfortwo\tPure Coupe\tCoupe\tWMEFJ5DA0K0000000\n";

    fn sample() -> Catalog {
        // The sample's check digits are computed here so the fixture stays readable.
        let fixed: String = SAMPLE
            .lines()
            .map(|line| {
                if line.starts_with('#') {
                    return format!("{line}\n");
                }
                let mut fields: Vec<String> = line.split('\t').map(str::to_string).collect();
                let mut vin = fields[5].clone().into_bytes();
                vin[8] = coverline_domain::vin::check_digit(&vin);
                fields[5] = String::from_utf8(vin).unwrap();
                format!("{}\n", fields.join("\t"))
            })
            .collect();
        Catalog::parse(&fixed).unwrap()
    }

    #[test]
    fn lists_cascade_in_member_order() {
        let c = sample();
        assert_eq!(c.years(), vec![2020, 2019]);
        assert_eq!(c.makes(2020), vec!["Acura", "Honda"]);
        assert_eq!(c.makes(2019), vec!["smart"]);
        assert_eq!(c.models(2020, "Honda"), vec!["Accord", "Civic"]);
        assert_eq!(c.models(2020, "honda"), vec!["Accord", "Civic"], "make matched ignoring case");
        assert_eq!(c.styles(2020, "Honda", "Accord"), vec!["EX 1.5L Sedan", "LX 1.5L Sedan"]);
        assert!(c.makes(1975).is_empty());
        assert!(c.models(2020, "Yugo").is_empty());
        assert!(c.styles(2020, "Honda", "Pilot").is_empty());
        assert_eq!(c.bodies(), ["Coupe", "Sedan"]);
    }

    #[test]
    fn a_mock_vin_round_trips_to_its_description() {
        let c = sample();
        let vin = c.mock_vin(2020, "Honda", "Accord", "lx 1.5l sedan").expect("style matched ignoring case").to_string();
        let described = c.describe(&vin).unwrap();
        assert_eq!(
            (described.year, described.make.as_str(), described.model.as_str(), described.style.as_str()),
            (2020, "Honda", "Accord", "LX 1.5L Sedan")
        );
        assert_eq!(c.mock_vin(2020, "Honda", "Accord", "Type R"), None);
        assert_eq!(c.describe("1HGCM82633A004352"), None, "a real VIN is not a mock");
    }

    #[test]
    fn a_broken_file_is_refused_with_its_line() {
        let err = Catalog::parse("2020\tHonda\tAccord\n").unwrap_err().to_string();
        assert!(err.contains("line 1"), "{err}");
        let err = Catalog::parse("2020\tHonda\tAccord\tEX\tSedan\t19XCV1F40L0000000\n").unwrap_err().to_string();
        assert!(err.contains("VIN"), "bad check digit is refused: {err}");
    }

    #[test]
    fn the_committed_catalog_is_complete_and_consistent() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let c = Catalog::load(&dir).unwrap();
        assert!(c.len() > 50_000, "{} styles", c.len());
        let years = c.years();
        assert_eq!(years.last(), Some(&1981));
        assert!(years[0] >= 2026);
        let makes = c.makes(2022);
        for make in ["Toyota", "Honda", "Ford", "Chevrolet", "Kia", "Hyundai", "Subaru", "Tesla", "Ram", "Jeep"] {
            assert!(makes.contains(&make), "2022 {make} missing: {makes:?}");
        }
        assert!(!makes.contains(&"Plymouth"), "defunct makes end at their last model year");
        let kia = c.models(2022, "Kia");
        assert!(kia.contains(&"Sorento") && kia.contains(&"Telluride"), "{kia:?}");
        // Every mock VIN resolves back to its own row.
        for year in [1981, 1999, 2020, 2027] {
            for make in c.makes(year) {
                for model in c.models(year, make) {
                    for style in c.styles(year, make, model) {
                        let vin = c.mock_vin(year, make, model, style).unwrap();
                        let d = c.describe(vin).unwrap();
                        assert_eq!((d.year, d.make.as_str(), d.model.as_str()), (year, make, model));
                    }
                }
            }
        }
    }
}
