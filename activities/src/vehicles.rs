//! VIN decoding: our own syntax and year rules ([`coverline_domain::Vin`]) first, then the
//! catalog's mock VINs (a described car), then NHTSA vPIC's make/model/trim/body through corgi-rs.
//!
//! A VIN whose check digit is wrong is decoded like any other (NHTSA's own data holds thousands of
//! such production VINs): it is found only when vPIC knows its vehicle, and says so
//! ([`DecodedVehicle::check_digit_mismatch`]) so the member is asked to compare it with their
//! registration. A VIN whose trim vPIC cannot tell, where the catalog lists several styles that fit
//! it, carries those styles ([`DecodedVehicle::style_choices`]) for the member to choose from.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use coverline_domain::Vin;
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;

/// What a VIN decodes to, as the car pages and the rate books use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecodedVehicle {
    pub vin: String,
    pub year: u16,
    pub make: String,
    pub model: String,
    /// A label a member recognises: trim, else series, else body and engine.
    pub style: String,
    /// vPIC's vehicle type (`PASSENGER CAR`, `MULTIPURPOSE PASSENGER VEHICLE (MPV)`, `TRUCK`).
    pub vehicle_type: String,
    /// True when the VIN is the catalog's representative VIN of a description, not the member's car.
    #[serde(default)]
    pub is_mock_vin: bool,
    /// True when position 9 is not the check digit the others give: the VIN is still a vehicle vPIC
    /// knows, but the member should compare it with their registration.
    #[serde(default)]
    pub check_digit_mismatch: bool,
    /// The styles this VIN may be, when vPIC cannot tell its trim and the catalog lists several that
    /// fit its year, make, model and engine: the member chooses one ([`DecodedVehicle::choose_style`])
    /// before the car is created. Empty when the style is known.
    #[serde(default)]
    pub style_choices: Vec<String>,
}

/// A style that is not one of a VIN's [`DecodedVehicle::style_choices`] (or none given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAChoice;

impl DecodedVehicle {
    /// The vehicle with the member's style: one of [`DecodedVehicle::style_choices`] (ignoring
    /// case and surrounding spaces) when there are any, which are then settled; a VIN whose style
    /// is known keeps it whatever is given.
    pub fn choose_style(mut self, chosen: Option<&str>) -> Result<Self, NotAChoice> {
        if self.style_choices.is_empty() {
            return Ok(self);
        }
        let chosen = chosen.map(str::trim).ok_or(NotAChoice)?;
        let style = self.style_choices.iter().find(|s| s.eq_ignore_ascii_case(chosen)).ok_or(NotAChoice)?.clone();
        self.style = style;
        self.style_choices.clear();
        Ok(self)
    }
}

/// The catalog, read on a thread of its own from [`VehicleDecoder::open`]: parsing its ~100,000
/// lines is most of a cold start (a third of a second in a debug build), so a process answers before
/// it is read and the first caller that needs it waits for it.
type LoadingCatalog = std::sync::LazyLock<Catalog, Box<dyn FnOnce() -> Catalog + Send>>;

/// The VIN decoder; cheap to clone (the vPIC tables are memory-mapped once).
#[derive(Clone)]
pub struct VehicleDecoder {
    inner: Arc<corgi_rs::VinDecoder>,
    catalog: Arc<LoadingCatalog>,
}

impl std::fmt::Debug for VehicleDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VehicleDecoder")
    }
}

impl VehicleDecoder {
    /// Opens the vPIC tables (built by corgi-rs into `$HOME/.corgi-rs-cache`, or `MAPS_DIR`) and
    /// starts reading the catalog of `data_dir` in the background. A catalog that cannot be read is
    /// logged and left empty (no description and no mock VIN is found); `data/` is checked by tests.
    pub fn open(data_dir: &Path) -> anyhow::Result<Self> {
        let decoder = corgi_rs::VinDecoder::try_new().context("opening the vPIC VIN tables (set MAPS_DIR)")?;
        let file = data_dir.join(crate::catalog::CATALOG_FILE);
        anyhow::ensure!(file.is_file(), "the vehicle catalog {} is missing", file.display());
        let dir = data_dir.to_path_buf();
        let catalog: Arc<LoadingCatalog> = Arc::new(std::sync::LazyLock::new(Box::new(move || {
            Catalog::load(&dir).unwrap_or_else(|e| {
                tracing::error!(error = ?e, "the vehicle catalog could not be read");
                Catalog::default()
            })
        })));
        let warming = catalog.clone();
        std::thread::spawn(move || {
            std::sync::LazyLock::force(&warming);
        });
        Ok(Self { inner: Arc::new(decoder.require_check_digit(false)), catalog })
    }

    /// The description catalog (waits for it while it is being read).
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Decodes a parsed VIN; `None` when it is neither a mock VIN nor known to vPIC.
    pub fn decode(&self, vin: &Vin) -> Option<DecodedVehicle> {
        if let Some(described) = self.catalog().describe(vin.as_str()) {
            let vehicle_type = match described.body.as_str() {
                "Pickup" | "Sport Utility Truck" => "TRUCK",
                "SUV" | "Crossover" | "Minivan" | "Van" | "Cargo Van" => "MULTIPURPOSE PASSENGER VEHICLE (MPV)",
                _ => "PASSENGER CAR",
            };
            return Some(DecodedVehicle {
                vin: vin.as_str().to_string(),
                year: described.year,
                make: described.make,
                model: described.model,
                style: described.style,
                vehicle_type: vehicle_type.to_string(),
                is_mock_vin: true,
                check_digit_mismatch: false,
                style_choices: Vec::new(),
            });
        }
        let info = self.inner.decode(vin.as_str()).ok()?;
        let model = info.model.clone().filter(|m| !m.trim().is_empty())?;
        if info.make.trim().is_empty() {
            return None;
        }
        let year = u16::try_from(info.year).ok().or_else(|| vin.model_year())?;
        let make = title_case(&info.make);
        // vPIC's trim, or a list of them when its patterns cannot tell ("Sport, Latitude"); else its series.
        let trims: Vec<&str> =
            info.trim.as_deref().map(|t| t.split(", ").map(str::trim).filter(|t| !t.is_empty()).collect()).unwrap_or_default();
        let series = info.series.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let fitting = match (trims.as_slice(), series) {
            ([_], _) => Vec::new(),
            ([], Some(series)) => self.fitting_styles(year, &make, &model, info.displacement_l, &[series]),
            (trims, _) => self.fitting_styles(year, &make, &model, info.displacement_l, trims),
        };
        let style = [info.trim.as_deref(), info.series.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .find(|s| !s.is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| {
                let body = info.body_class.clone().unwrap_or_default();
                match info.displacement_l {
                    Some(l) => format!("{body} {l:.1}L").trim().to_string(),
                    None => body,
                }
            });
        let style = match fitting.as_slice() {
            [only] => only.clone(),
            _ if style.is_empty() => "Base".to_string(),
            _ => style,
        };
        Some(DecodedVehicle {
            vin: vin.as_str().to_string(),
            year,
            make,
            model,
            style,
            vehicle_type: info.vehicle_type.unwrap_or_default(),
            is_mock_vin: false,
            check_digit_mismatch: !vin.has_valid_check_digit(),
            style_choices: if fitting.len() > 1 { fitting } else { Vec::new() },
        })
    }

    /// The styles a VIN whose trim vPIC could not tell to one may be: the catalog's styles of its
    /// model-year, of its engine size when the catalog names it (`2.7L`), and of vPIC's candidate
    /// trims or series (`labels`) when the catalog has them; when it has none of several candidate
    /// trims, those trims as vPIC names them.
    fn fitting_styles(&self, year: u16, make: &str, model: &str, displacement_l: Option<f64>, labels: &[&str]) -> Vec<String> {
        let styles = self.catalog().styles(year, make, model);
        let litres = displacement_l.map(|l| format!("{l:.1}L"));
        let of_engine: Vec<&str> =
            styles.iter().copied().filter(|s| litres.as_deref().is_some_and(|l| s.split(' ').any(|word| word == l))).collect();
        let fitting = if of_engine.is_empty() { styles } else { of_engine };
        if labels.is_empty() {
            return fitting.into_iter().map(str::to_string).collect();
        }
        let named = |style: &str| {
            labels.iter().any(|label| {
                style.len() >= label.len()
                    && style[..label.len()].eq_ignore_ascii_case(label)
                    && (style.len() == label.len() || style.as_bytes()[label.len()] == b' ')
            })
        };
        let named: Vec<String> = fitting.into_iter().filter(|s| named(s)).map(str::to_string).collect();
        match (named.is_empty(), labels.len()) {
            (false, _) => named,
            (true, 1) => Vec::new(),
            (true, _) => labels.iter().map(|l| l.to_string()).collect(),
        }
    }
}

/// vPIC spells makes in capitals (`HONDA`); members read `Honda`. Short all-caps makes stay (`BMW`, `GMC`).
fn title_case(make: &str) -> String {
    if make.len() <= 3 {
        return make.to_string();
    }
    make.split(['-', ' '])
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c.flat_map(char::to_lowercase)).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(if make.contains('-') { "-" } else { " " })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoder() -> VehicleDecoder {
        VehicleDecoder::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).expect("vPIC tables and catalog")
    }

    #[test]
    fn decodes_real_vins_from_vpic() {
        let decoder = decoder();
        let kia = decoder.decode(&Vin::parse("5XYRLDLC3NG097496").unwrap()).expect("2022 Kia Sorento");
        assert_eq!((kia.year, kia.make.as_str(), kia.model.as_str()), (2022, "Kia", "Sorento"));
        let ram = decoder.decode(&Vin::parse("1C6RR7LT2JS179571").unwrap()).expect("2018 Ram 1500");
        assert_eq!((ram.year, ram.make.as_str(), ram.model.as_str()), (2018, "Ram", "1500"));
        assert!(!ram.style.is_empty());
        let accord = decoder.decode(&Vin::parse("1HGCM82633A004352").unwrap()).expect("2003 Honda Accord");
        assert_eq!((accord.year, accord.make.as_str(), accord.model.as_str()), (2003, "Honda", "Accord"));
    }

    #[test]
    fn unknown_manufacturer_is_not_found() {
        let decoder = decoder();
        // Valid syntax and check digit, but no manufacturer holds WMI "ZZZ".
        let mut bytes = *b"ZZZ11111011111111";
        bytes[8] = coverline_domain::vin::check_digit(&bytes);
        let vin = Vin::parse(std::str::from_utf8(&bytes).unwrap()).unwrap();
        assert_eq!(decoder.decode(&vin), None);
    }

    #[test]
    fn a_mock_vin_decodes_to_its_description() {
        let decoder = decoder();
        let vin = decoder.catalog().mock_vin(2020, "Honda", "Accord", "EX 1.5L Sedan").expect("2020 Accord EX in the catalog").to_string();
        let car = decoder.decode(&Vin::parse(&vin).unwrap()).unwrap();
        assert!(car.is_mock_vin);
        assert_eq!((car.year, car.make.as_str(), car.model.as_str(), car.style.as_str()), (2020, "Honda", "Accord", "EX 1.5L Sedan"));
        assert_eq!(car.vehicle_type, "PASSENGER CAR");
        let real = decoder.decode(&Vin::parse("1HGCM82633A004352").unwrap()).unwrap();
        assert!(!real.is_mock_vin);
    }

    #[test]
    fn a_wrong_check_digit_is_found_when_vpic_knows_the_vehicle_and_says_so() {
        let decoder = decoder();
        // The 2003 Accord's VIN with its 9th character changed from 3 to 4.
        let car = decoder.decode(&Vin::parse("1HGCM82643A004352").unwrap()).expect("vPIC knows a 2003 Honda Accord");
        assert_eq!((car.year, car.make.as_str(), car.model.as_str()), (2003, "Honda", "Accord"));
        assert!(car.check_digit_mismatch);
        assert!(!decoder.decode(&Vin::parse("1HGCM82633A004352").unwrap()).unwrap().check_digit_mismatch);
        // Nobody holds WMI "ZZZ": a wrong check digit does not make it a vehicle.
        let mut bytes = *b"ZZZ11111011111111";
        bytes[8] = if coverline_domain::vin::check_digit(&bytes) == b'1' { b'2' } else { b'1' };
        assert_eq!(decoder.decode(&Vin::parse(std::str::from_utf8(&bytes).unwrap()).unwrap()), None);
    }

    #[test]
    fn a_vin_that_fits_several_styles_asks_for_one() {
        let decoder = decoder();
        // A 2021 Jeep Renegade sold at auction (corgi-rs's tests/decode_real_vins.rs): vPIC's trim
        // patterns leave four trims.
        let renegade = decoder.decode(&Vin::parse("ZACNJDAB0MPN15099").unwrap()).unwrap();
        assert_eq!((renegade.year, renegade.make.as_str(), renegade.model.as_str()), (2021, "Jeep", "Renegade"));
        assert_eq!(renegade.style_choices, ["Freedom", "Jeepster", "Sport", "Upland"]);
        assert_eq!(renegade.clone().choose_style(None), Err(NotAChoice));
        assert_eq!(renegade.clone().choose_style(Some("Limited")), Err(NotAChoice), "a style of the model the VIN rules out");
        let chosen = renegade.choose_style(Some(" sport ")).unwrap();
        assert_eq!((chosen.style.as_str(), chosen.style_choices.len()), ("Sport", 0));
        // A 2019 Sprinter: no trim, but its series narrows the catalog's styles to its two bodies.
        let sprinter = decoder.decode(&Vin::parse("WDZPF1CD4KP124204").unwrap()).unwrap();
        assert_eq!(sprinter.style_choices, ["C2500/C3500 3.0L Cargo Van", "C2500/C3500 3.0L Van"]);
        // A VIN whose trim vPIC tells has no choice to make, and keeps its style whatever is sent.
        let kia = decoder.decode(&Vin::parse("5XYRLDLC3NG097496").unwrap()).unwrap();
        assert!(kia.style_choices.is_empty());
        assert_eq!(kia.clone().choose_style(Some("SX")).unwrap().style, kia.style);
    }

    #[test]
    fn make_names_read_naturally() {
        assert_eq!(title_case("HONDA"), "Honda");
        assert_eq!(title_case("MERCEDES-BENZ"), "Mercedes-Benz");
        assert_eq!(title_case("LAND ROVER"), "Land Rover");
        assert_eq!(title_case("BMW"), "BMW");
    }
}
